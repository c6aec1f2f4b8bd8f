/*
 * acc_prof.h: the OpenACC profiling and error callback interface (OpenACC
 * 3.4 chapter 5), as implemented by accc's runtime.
 *
 * A tool registers callbacks with acc_prof_register, from its
 * acc_register_library (called at runtime initialisation for a library
 * named by ACC_PROFLIB, §5.3.3, or for one defined in the program itself,
 * §5.3.2) or from anywhere in the program. accc dispatches:
 *
 *   acc_ev_device_init_start/end       runtime initialisation
 *   acc_ev_device_shutdown_start/end   acc_shutdown, and at exit
 *   acc_ev_runtime_shutdown            at exit
 *   acc_ev_enter_data_start/end        acc_copyin, acc_create, acc_attach
 *   acc_ev_exit_data_start/end         acc_copyout, acc_delete, acc_detach
 *   acc_ev_update_start/end            acc_update_device, acc_update_self
 *   acc_ev_enqueue_launch_start/end    every kernel launch
 *   acc_ev_enqueue_upload_start/end    every transfer to device memory
 *   acc_ev_enqueue_download_start/end  every transfer from device memory
 *   acc_ev_wait_start/end              acc_wait* routines
 *   acc_ev_error                       every runtime error (§5.1.13, 3.2+)
 *
 * Enter/exit data, update and compute construct events of the directives
 * themselves are not dispatched yet (only the routines' ones).
 *
 * An acc_ev_error callback runs before the runtime prints its FATAL ERROR
 * line and exits(1); it may end the program itself (exit, longjmp out is
 * not supported). Its second argument is an acc_error_event_info.
 *
 * acc_register_library runs inside the runtime's initialisation: it may
 * register callbacks and look routines up, but must not call routines
 * that initialise the runtime (acc_init, data routines, waits). A library
 * loaded through ACC_PROFLIB is opened with RTLD_LAZY | RTLD_LOCAL and
 * reaches the runtime only through the functions it is given. The value
 * of acc_ev_error and the acc_error_t values follow OpenACC 3.3/3.4 as
 * accc understands them; tools should use the names, not the numbers.
 */
#ifndef ACCC_ACC_PROF_H
#define ACCC_ACC_PROF_H

/* A system header to the host compiler, wherever it is found: the user's
 * warning options (-Wall -pedantic -std=c89 ...) are for the user's code. */
#if defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC system_header
#endif

#include <stddef.h>

#include "openacc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Events (§5.1). */
typedef enum acc_event_t {
    acc_ev_none = 0,
    acc_ev_device_init_start = 1,
    acc_ev_device_init_end = 2,
    acc_ev_device_shutdown_start = 3,
    acc_ev_device_shutdown_end = 4,
    acc_ev_runtime_shutdown = 5,
    acc_ev_create = 6,
    acc_ev_delete = 7,
    acc_ev_alloc = 8,
    acc_ev_free = 9,
    acc_ev_enter_data_start = 10,
    acc_ev_enter_data_end = 11,
    acc_ev_exit_data_start = 12,
    acc_ev_exit_data_end = 13,
    acc_ev_update_start = 14,
    acc_ev_update_end = 15,
    acc_ev_compute_construct_start = 16,
    acc_ev_compute_construct_end = 17,
    acc_ev_enqueue_launch_start = 18,
    acc_ev_enqueue_launch_end = 19,
    acc_ev_enqueue_upload_start = 20,
    acc_ev_enqueue_upload_end = 21,
    acc_ev_enqueue_download_start = 22,
    acc_ev_enqueue_download_end = 23,
    acc_ev_wait_start = 24,
    acc_ev_wait_end = 25,
    acc_ev_error = 100,
    acc_ev_last = 101
} acc_event_t;

/* First callback argument: general information (§5.2.1). */
typedef struct acc_prof_info {
    acc_event_t event_type;
    int valid_bytes;
    int version; /* _OPENACC of the runtime */
    acc_device_t device_type;
    int device_number;
    int thread_id;
    long async;       /* the async argument of the operation */
    long async_queue; /* the queue it went to */
    const char *src_file;
    const char *func_name;
    int line_no, end_line_no; /* 0: unknown */
    int func_line_no, func_end_line_no;
} acc_prof_info;

/* The construct an event belongs to (§5.2.2). */
typedef enum acc_construct_t {
    acc_construct_parallel = 0,
    acc_construct_kernels = 1,
    acc_construct_loop = 2,
    acc_construct_data = 3,
    acc_construct_enter_data = 4,
    acc_construct_exit_data = 5,
    acc_construct_host_data = 6,
    acc_construct_atomic = 7,
    acc_construct_declare = 8,
    acc_construct_init = 9,
    acc_construct_shutdown = 10,
    acc_construct_set = 11,
    acc_construct_update = 12,
    acc_construct_routine = 13,
    acc_construct_wait = 14,
    acc_construct_runtime_api = 15,
    acc_construct_serial = 16
} acc_construct_t;

/* Runtime errors (§5.2.2, OpenACC 3.2+). */
typedef enum acc_error_t {
    acc_error_none = 0,
    acc_error_other = 1,
    acc_error_system = 2,
    acc_error_execution = 3,
    acc_error_device_init = 4,
    acc_error_device_shutdown = 5,
    acc_error_device_unavailable = 6,
    acc_error_device_type_unavailable = 7,
    acc_error_wrong_device_type = 8,
    acc_error_out_of_memory = 9,
    acc_error_not_present = 10,
    acc_error_partly_present = 11,
    acc_error_present = 12,
    acc_error_invalid_argument = 13,
    acc_error_invalid_async = 14,
    acc_error_invalid_null_pointer = 15,
    acc_error_invalid_data_section = 16,
    acc_error_implementation_defined = 100
} acc_error_t;

/* Second callback argument: event-specific information (§5.2.2). */
typedef struct acc_data_event_info {
    acc_event_t event_type;
    int valid_bytes;
    acc_construct_t parent_construct;
    int implicit;
    void *tool_info;
    const char *var_name;
    size_t bytes;
    const void *host_ptr;
    const void *device_ptr;
} acc_data_event_info;

typedef struct acc_launch_event_info {
    acc_event_t event_type;
    int valid_bytes;
    acc_construct_t parent_construct;
    int implicit;
    void *tool_info;
    const char *kernel_name;
    size_t num_gangs, num_workers, vector_length;
} acc_launch_event_info;

typedef struct acc_error_event_info {
    acc_event_t event_type;
    int valid_bytes;
    acc_construct_t parent_construct;
    int implicit;
    void *tool_info;
    acc_error_t error_code;
    const char *error_message; /* the text of the FATAL ERROR line */
    size_t runtime_info;       /* the CUDA error code, if any, else 0 */
} acc_error_event_info;

typedef struct acc_other_event_info {
    acc_event_t event_type;
    int valid_bytes;
    acc_construct_t parent_construct;
    int implicit;
    void *tool_info;
} acc_other_event_info;

typedef union acc_event_info {
    acc_event_t event_type;
    acc_data_event_info data_event;
    acc_launch_event_info launch_event;
    acc_error_event_info error_event;
    acc_other_event_info other_event;
} acc_event_info;

/* Third callback argument: the device API (§5.2.3). */
typedef enum acc_device_api {
    acc_device_api_none = 0,
    acc_device_api_cuda = 1,
    acc_device_api_opencl = 2,
    acc_device_api_coi = 3,
    acc_device_api_other = 4
} acc_device_api;

typedef struct acc_api_info {
    acc_device_api device_api;
    int valid_bytes;
    acc_device_t device_type;
    int vendor;
    const void *device_handle;
    const void *context_handle;
    const void *async_handle; /* the queue's cudaStream_t on -acc=gpu */
} acc_api_info;

typedef void (*acc_prof_callback)(acc_prof_info *, acc_event_info *, acc_api_info *);

/* Registration (§5.3). acc_reg adds a callback for an event (registering
 * it again counts, unregistering takes one count off); acc_toggle with a
 * callback disables (unregister) or enables (register) it, with NULL every
 * callback of the event; acc_toggle_per_thread with acc_ev_none and NULL
 * turns all callbacks off or on for the calling thread. */
typedef enum acc_register_t { acc_reg = 0, acc_toggle = 1, acc_toggle_per_thread = 2 } acc_register_t;

typedef void (*acc_prof_reg)(acc_event_t, acc_prof_callback, acc_register_t);
void acc_prof_register(acc_event_t event, acc_prof_callback cb, acc_register_t info);   /* §5.3.1 */
void acc_prof_unregister(acc_event_t event, acc_prof_callback cb, acc_register_t info); /* §5.3.1 */

/* Runtime queries for tools (§5.3.4): acc_prof_lookup returns the named
 * routine of openacc.h (for example "acc_get_device_type"), or NULL. */
typedef void (*acc_query_fn)();
typedef acc_query_fn (*acc_prof_lookup_func)(const char *);
acc_query_fn acc_prof_lookup(const char *name);

/* Defined by a tool (§5.3.2): called once at runtime initialisation. */
void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup);

#ifdef __cplusplus
}
#endif

#endif /* ACCC_ACC_PROF_H */
