#ifndef SCHEMEROUTER_CLIBUV_SHIM_H
#define SCHEMEROUTER_CLIBUV_SHIM_H

// libuv 1.44 (Debian `libuv1-dev`); /usr/include/uv.h is the reference. Only libuv here: the
// Linux calls Swift lacks are in CSchemeRouterLinux.
#include <uv.h>

#endif
