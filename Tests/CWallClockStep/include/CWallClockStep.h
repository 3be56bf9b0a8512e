#ifndef CWALLCLOCKSTEP_H
#define CWALLCLOCKSTEP_H

/// Steps CLOCK_REALTIME forward by one nanosecond (clock_adjtime with ADJ_SETOFFSET): to the
/// kernel a set of the wall clock, so every TFD_TIMER_CANCEL_ON_SET timer on the machine is
/// cancelled, while no reading of the time can tell. Needs CAP_SYS_TIME. Returns 0, or -errno.
int wall_clock_step_one_nanosecond(void);

#endif
