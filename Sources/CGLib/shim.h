#ifndef SCHEMEROUTER_CGLIB_SHIM_H
#define SCHEMEROUTER_CGLIB_SHIM_H

// GLib 2.74 and GIO (Debian `libglib2.0-dev`, pkg-config `gio-2.0`): the main context, unix fd
// sources and GApplication's flags.
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>

#endif
