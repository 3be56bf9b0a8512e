#ifndef SCHEMEROUTER_CDBUS_SHIM_H
#define SCHEMEROUTER_CDBUS_SHIM_H

// libdbus-1, the reference D-Bus library (Debian `libdbus-1-dev`, pkg-config `dbus-1`);
// /usr/include/dbus-1.0/dbus/dbus.h is the reference. Only non-variadic calls are used from Swift.
#include <dbus/dbus.h>
#include <sys/ioctl.h>

// `DBUS_ERROR_INIT` is a macro: an empty error to fill and free.
static inline DBusError schemerouter_dbus_error_init(void) {
    DBusError error = DBUS_ERROR_INIT;
    return error;
}

// Bytes waiting unread in the bus connection's socket (`FIONREAD`; -1 on error): the door's
// clock (BusCallClock) counts only turns that found the socket drained.
static inline int schemerouter_dbus_unread_bytes(int descriptor) {
    int count = 0;
    return ioctl(descriptor, FIONREAD, &count) == 0 ? count : -1;
}

#endif
