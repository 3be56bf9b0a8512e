// The C-with-libuv floor's server: accepts on a Unix socket, answers every received line with a
// 1-byte ack. Prints "ready" once listening. Built by the wake benchmark.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <uv.h>

static uv_pipe_t server;
static char buffer_storage[4096];

static void on_close(uv_handle_t *handle) { free(handle); }

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
    (void)handle; (void)suggested;
    *buffer = uv_buf_init(buffer_storage, sizeof buffer_storage);
}

static void on_write(uv_write_t *request, int status) { (void)status; free(request); }

static void on_read(uv_stream_t *client, ssize_t count, const uv_buf_t *buffer) {
    if (count < 0) { uv_close((uv_handle_t *)client, on_close); return; }
    for (ssize_t i = 0; i < count; i++) {
        if (buffer->base[i] == '\n') {
            static char ack = '!';
            uv_write_t *request = malloc(sizeof *request);
            uv_buf_t reply = uv_buf_init(&ack, 1);
            uv_write(request, client, &reply, 1, on_write);
        }
    }
}

static void on_connection(uv_stream_t *listener, int status) {
    if (status < 0) return;
    uv_pipe_t *client = malloc(sizeof *client);
    uv_pipe_init(uv_default_loop(), client, 0);
    if (uv_accept(listener, (uv_stream_t *)client) == 0) uv_read_start((uv_stream_t *)client, on_alloc, on_read);
    else uv_close((uv_handle_t *)client, on_close);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor_server <socket>\n"); return 64; }
    unlink(argv[1]);
    uv_pipe_init(uv_default_loop(), &server, 0);
    if (uv_pipe_bind(&server, argv[1]) < 0 || uv_listen((uv_stream_t *)&server, 4096, on_connection) < 0) return 71;
    printf("ready\n");
    fflush(stdout);
    return uv_run(uv_default_loop(), UV_RUN_DEFAULT);
}
