// The C-with-libuv floor for a wake: connect to a Unix socket, send one message, wait for the
// answer, exit. Built by the wake benchmark with `cc -O2 $(pkg-config --cflags --libs libuv)`.
//
//   floor_client line  <socket>        send "wake\n", wait for a 1-byte ack (against floor_server)
//   floor_client frame <socket> <url>  send a wake-protocol v1 `open` frame, wait for the whole
//                                      `verdict` frame (against a SchemeRouter primary); exit 0
//                                      only when the verdict is "handled"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

static uv_pipe_t pipe_handle;
static uv_connect_t connect_request;
static uv_write_t write_request;
static char message[70000];
static size_t message_length;
static int frame_mode;
static unsigned char received[70000];
static size_t received_length;
static int status = 1;

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
    (void)handle; (void)suggested;
    buffer->base = (char *)received + received_length;
    buffer->len = sizeof received - received_length;
}

static void on_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
    (void)buffer;
    if (count < 0) { uv_close((uv_handle_t *)stream, NULL); return; }
    received_length += (size_t)count;
    if (!frame_mode) {
        if (received_length >= 1) { status = 0; uv_close((uv_handle_t *)stream, NULL); }
        return;
    }
    if (received_length >= 8) {
        uint32_t length = (uint32_t)received[4] << 24 | (uint32_t)received[5] << 16 | (uint32_t)received[6] << 8 | received[7];
        if (received_length >= 8 + (size_t)length) {
            // verdict payload: tag 1 request (4 bytes), tag 2 status (1 byte) = 0 when handled
            status = (received[3] == 0x81 && length >= 15 && received[8 + 9] == 2 && received[8 + 14] == 0) ? 0 : 1;
            uv_close((uv_handle_t *)stream, NULL);
        }
    }
}

static void on_write(uv_write_t *request, int result) {
    if (result < 0) uv_close((uv_handle_t *)request->handle, NULL);
}

static void on_connect(uv_connect_t *request, int result) {
    if (result < 0) { fprintf(stderr, "connect: %s\n", uv_strerror(result)); uv_close((uv_handle_t *)request->handle, NULL); return; }
    uv_buf_t buffer = uv_buf_init(message, (unsigned)message_length);
    uv_write(&write_request, request->handle, &buffer, 1, on_write);
    uv_read_start(request->handle, on_alloc, on_read);
}

static void put32(unsigned char *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: floor_client line|frame <socket> [url]\n"); return 64; }
    frame_mode = strcmp(argv[1], "frame") == 0;
    if (frame_mode) {
        if (argc < 4) return 64;
        size_t url = strlen(argv[3]);
        unsigned char *p = (unsigned char *)message;
        uint32_t payload = 5 + 4 + 5 + (uint32_t)url;
        p[0] = 'S'; p[1] = 'R'; p[2] = 1; p[3] = 0x01; put32(p + 4, payload);
        p[8] = 1; put32(p + 9, 4); put32(p + 13, 1);
        p[17] = 2; put32(p + 18, (uint32_t)url); memcpy(p + 22, argv[3], url);
        message_length = 8 + payload;
    } else {
        memcpy(message, "wake\n", 5);
        message_length = 5;
    }
    uv_loop_t *loop = uv_default_loop();
    uv_pipe_init(loop, &pipe_handle, 0);
    uv_pipe_connect(&connect_request, &pipe_handle, argv[2], on_connect);
    uv_run(loop, UV_RUN_DEFAULT);
    return status;
}
