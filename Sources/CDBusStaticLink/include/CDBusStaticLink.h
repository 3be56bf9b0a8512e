#ifndef SCHEMEROUTER_CDBUS_STATIC_LINK_H
#define SCHEMEROUTER_CDBUS_STATIC_LINK_H
// Nothing to import: this target only supplies symbols libdbus-1.a needs (see systemd_stubs.c).
#endif
