#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/timex.h>
#include <time.h>

#include "CWallClockStep.h"

int wall_clock_step_one_nanosecond(void) {
    struct timex step;
    memset(&step, 0, sizeof step);
    // With ADJ_NANO the offset's tv_usec field counts nanoseconds; a zero offset sets nothing.
    step.modes = ADJ_SETOFFSET | ADJ_NANO;
    step.time.tv_sec = 0;
    step.time.tv_usec = 1;
    return clock_adjtime(CLOCK_REALTIME, &step) < 0 ? -errno : 0;
}
