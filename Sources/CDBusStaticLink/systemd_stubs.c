// libdbus-1.a refers to two libsystemd calls, used only by a bus daemon started by systemd
// socket activation; Debian ships no libsystemd.a, so a static link takes these answers instead:
// no sockets were passed. Hidden, so a dynamic executable does not export them and libdbus-1.so
// keeps calling the real libsystemd.
#include "CDBusStaticLink.h"

__attribute__((visibility("hidden"))) int sd_listen_fds(int unset_environment) {
    (void)unset_environment;
    return 0;
}

__attribute__((visibility("hidden"))) int sd_is_socket(int fd, int family, int type, int listening) {
    (void)fd; (void)family; (void)type; (void)listening;
    return 0;
}
