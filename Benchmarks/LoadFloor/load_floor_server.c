// The floor for Benchmarks/load: the least a libuv server must do to serve the load driver.
// It speaks the wake protocol's framing (8-byte header, tag/length/value fields), appends each
// `open` frame's URL to a log with one writev(2), and answers a `verdict` frame (the request's
// number, status 0). No peer check, no URL parsing, no routing, no lifecycle: what our primary
// does on top of this is what the ratio measures. Usage: load_floor_server SOCKET LOG
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/uio.h>
#include <uv.h>

typedef struct {
    uv_pipe_t pipe;
    unsigned char *buffer;
    size_t length, capacity;
} client_t;

static int log_fd;
static char slab[65544];

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
    (void)handle; (void)suggested;
    buffer->base = slab;
    buffer->len = sizeof slab;
}

static void on_close(uv_handle_t *handle) {
    client_t *client = (client_t *)handle;
    free(client->buffer);
    free(client);
}

static void on_written(uv_write_t *request, int status) {
    (void)status;
    free(request->data);
    free(request);
}

static uint32_t be32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static void reply(client_t *client, const unsigned char *request) {
    unsigned char frame[23] = {0x53, 0x52, 0x01, 0x81, 0, 0, 0, 15, 1, 0, 0, 0, 4, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0};
    memcpy(frame + 13, request, 4);
    uv_buf_t buffer = uv_buf_init((char *)frame, sizeof frame);
    int written = uv_try_write((uv_stream_t *)&client->pipe, &buffer, 1);
    if (written == (int)sizeof frame) return;
    if (written < 0 && written != UV_EAGAIN) return;
    size_t offset = written > 0 ? (size_t)written : 0;
    uv_write_t *write_request = malloc(sizeof *write_request);
    write_request->data = malloc(sizeof frame - offset);
    memcpy(write_request->data, frame + offset, sizeof frame - offset);
    buffer = uv_buf_init(write_request->data, (unsigned)(sizeof frame - offset));
    uv_write(write_request, (uv_stream_t *)&client->pipe, &buffer, 1, on_written);
}

static void handle_frames(client_t *client) {
    size_t start = 0;
    while (client->length - start >= 8) {
        unsigned char *header = client->buffer + start;
        uint32_t payload = be32(header + 4);
        if (header[0] != 0x53 || header[1] != 0x52 || payload > 65536) {
            uv_close((uv_handle_t *)&client->pipe, on_close);
            return;
        }
        if (client->length - start < 8 + payload) break;
        const unsigned char *request = NULL, *url = NULL;
        uint32_t url_length = 0;
        for (size_t at = 0; at + 5 <= payload;) {
            const unsigned char *field = header + 8 + at;
            uint32_t length = be32(field + 1);
            if (at + 5 + length > payload) break;
            if (field[0] == 1 && length == 4) request = field + 5;
            if (field[0] == 2) { url = field + 5; url_length = length; }
            at += 5 + length;
        }
        if (request && url) {
            struct iovec parts[2] = {{(void *)url, url_length}, {"\n", 1}};
            if (writev(log_fd, parts, 2) < 0) perror("writev");
            reply(client, request);
        }
        start += 8 + payload;
    }
    memmove(client->buffer, client->buffer + start, client->length - start);
    client->length -= start;
}

static void on_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
    client_t *client = (client_t *)stream;
    if (count < 0) {
        uv_close((uv_handle_t *)stream, on_close);
        return;
    }
    if (client->length + (size_t)count > client->capacity) {
        client->capacity = client->length + (size_t)count;
        client->buffer = realloc(client->buffer, client->capacity);
    }
    memcpy(client->buffer + client->length, buffer->base, (size_t)count);
    client->length += (size_t)count;
    handle_frames(client);
}

static void on_connection(uv_stream_t *server, int status) {
    if (status < 0) return;
    client_t *client = calloc(1, sizeof *client);
    uv_pipe_init(server->loop, &client->pipe, 0);
    if (uv_accept(server, (uv_stream_t *)&client->pipe) == 0) {
        uv_read_start((uv_stream_t *)&client->pipe, on_alloc, on_read);
    } else {
        uv_close((uv_handle_t *)&client->pipe, on_close);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: load_floor_server SOCKET LOG\n");
        return 64;
    }
    log_fd = open(argv[2], O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (log_fd < 0) { perror(argv[2]); return 1; }
    uv_loop_t *loop = uv_default_loop();
    uv_pipe_t server;
    uv_pipe_init(loop, &server, 0);
    unlink(argv[1]);
    int result = uv_pipe_bind(&server, argv[1]);
    if (result == 0) result = uv_listen((uv_stream_t *)&server, SOMAXCONN, on_connection);
    if (result != 0) {
        fprintf(stderr, "load_floor_server: %s\n", uv_strerror(result));
        return 1;
    }
    return uv_run(loop, UV_RUN_DEFAULT);
}
