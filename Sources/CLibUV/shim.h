#ifndef SCHEMEROUTER_CLIBUV_SHIM_H
#define SCHEMEROUTER_CLIBUV_SHIM_H
#include <uv.h>
#endif
