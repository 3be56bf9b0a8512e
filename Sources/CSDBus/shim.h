#ifndef SCHEMEROUTER_CSDBUS_SHIM_H
#define SCHEMEROUTER_CSDBUS_SHIM_H

// sd-bus from libsystemd 252 (Debian `libsystemd-dev`, pkg-config `libsystemd`);
// /usr/include/systemd/sd-bus.h is the reference. Only non-variadic calls are used from Swift.
#include <systemd/sd-bus.h>
#include <time.h>

// `SD_BUS_ERROR_NULL` is a macro: an empty error to fill and free.
static inline sd_bus_error schemerouter_bus_error_null(void) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    return error;
}

// CLOCK_MONOTONIC in microseconds, the clock `sd_bus_get_timeout` answers in.
static inline unsigned long long schemerouter_monotonic_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000ULL + (unsigned long long)now.tv_nsec / 1000ULL;
}

// What the door asks the bus about a caller (GetConnectionCredentials): uid and pid. The mask's
// top bit (SD_BUS_CREDS_AUGMENT) does not fit the signed enum Swift would import.
static inline uint64_t schemerouter_bus_caller_mask(void) {
    return SD_BUS_CREDS_UID | SD_BUS_CREDS_EUID | SD_BUS_CREDS_PID | SD_BUS_CREDS_AUGMENT;
}

#endif
