/*
 * openacc.h: the OpenACC runtime library API for C and C++ (OpenACC 3.4,
 * chapter 3), as implemented by accc's runtime. Section numbers (§3.2.N)
 * follow the 3.3/3.4 layout of chapter 3; the CUDA interoperability
 * routines are those of Appendix A.2.1.
 *
 * Device types per accc target:
 *   -acc=gpu              acc_device_nvidia (CUDA devices), which answers
 *                         to acc_device_not_host too; and the host
 *   -acc=emulate          acc_device_not_host: one emulated device with
 *                         memory of its own, on the host CPU, which stands
 *                         in for a GPU and answers to acc_device_nvidia
 *                         too; and the host
 *   -acc=host, multicore  acc_device_host: the host is the device, device
 *                         memory is host memory
 * acc_device_default is the type the program starts with (ACC_DEVICE_TYPE,
 * else the build's device), acc_device_current the thread's current type.
 * Asking for a type the build does not have, with acc_set_device_type,
 * acc_init or ACC_DEVICE_TYPE, is a FATAL ERROR
 * (acc_error_device_type_unavailable). Device numbers count from 0.
 *
 * Run-time device-type switching (-acc=gpu and emulate): every compute
 * region also has a host version, the statement as written. While the host
 * is the calling thread's current device type (acc_set_device_type,
 * acc_init, acc_init_device, acc_set_device_num with acc_device_host, the
 * set and init directives, ACC_DEVICE_TYPE=host at start), compute regions
 * run their host versions, and the host device has no data environment of
 * its own, as GCC's host fallback: all host memory is present on it at its
 * own address (acc_is_present true, acc_deviceptr(p) == p), data clauses,
 * data directives and data routines move and count nothing, acc_malloc is
 * malloc. The device's data stays as it was, for when the program selects
 * the device again. A program that starts on the host does not start the
 * device until it selects it.
 *
 * The device of every target keeps the present table, so presence queries
 * and errors agree on all of them; on -acc=host and multicore device
 * addresses are host addresses. acc_property_free_memory on -acc=emulate,
 * host and multicore is the host's memory less what the runtime holds as
 * device memory, so acc_malloc and acc_free change it by what they take.
 *
 * Errors print "FATAL ERROR: ..." on stderr and exit(1), after calling the
 * error callbacks registered for acc_ev_error (acc_prof.h, OpenACC 3.2+).
 * Routines taking host data do nothing for a null pointer or zero bytes
 * unless their comment says otherwise.
 */
#ifndef ACCC_OPENACC_H
#define ACCC_OPENACC_H

/* A system header to the host compiler, wherever it is found: the user's
 * warning options (-Wall -pedantic -std=c89 ...) are for the user's code. */
#if defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC system_header
#endif

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Device types (§3.1); the values of NVHPC's openacc.h. */
typedef enum {
    acc_device_none = 0,
    acc_device_default = 1,
    acc_device_host = 2,
    acc_device_not_host = 3,
    acc_device_nvidia = 4,
    acc_device_current = 10
} acc_device_t;

/* Device properties (§3.2.6). */
typedef enum {
    acc_property_memory = 0,                /* bytes of device memory */
    acc_property_free_memory = 1,           /* bytes free */
    acc_property_shared_memory_support = 2, /* nonzero: device memory is host memory */
    acc_property_name = 4,                  /* strings: acc_get_property_string */
    acc_property_vendor = 5,
    acc_property_driver = 6
} acc_device_property_t;

/* Special async arguments (§2.16); noval and sync are the runtime's
 * ACCRT_ASYNC_NOVAL and ACCRT_SYNC. */
#define acc_async_noval (-1)   /* the default async queue (acc_set_default_async) */
#define acc_async_sync (-2)    /* synchronous */
#define acc_async_default (-3) /* acc_set_default_async: back to the initial queue */

/* Device management. */
int acc_get_num_devices(acc_device_t dev_type);                    /* §3.2.1: devices of a type */
void acc_set_device_type(acc_device_t dev_type);                   /* §3.2.2: select the device type */
acc_device_t acc_get_device_type(void);                            /* §3.2.3: the current device type */
void acc_set_device_num(int dev_num, acc_device_t dev_type);       /* §3.2.4: select a device */
int acc_get_device_num(acc_device_t dev_type);                     /* §3.2.5: the current device number */
size_t acc_get_property(int dev_num, acc_device_t dev_type,        /* §3.2.6: a numeric property, 0 if */
                        acc_device_property_t property);           /*   unknown */
const char *acc_get_property_string(int dev_num, acc_device_t dev_type, /* §3.2.6: a string property, */
                                    acc_device_property_t property);    /*   NULL if unknown */
void acc_init(acc_device_t dev_type);                              /* §3.2.7: initialise the runtime */
void acc_init_device(int dev_num, acc_device_t dev_type);          /* §3.2.7: initialise one device */
void acc_shutdown(acc_device_t dev_type);                          /* §3.2.8: wait, free device data */
void acc_shutdown_device(int dev_num, acc_device_t dev_type);      /* §3.2.8: the same for one device */

/* Asynchronous queues: wait_arg and async_arg are queue numbers >= 0,
 * acc_async_noval or acc_async_sync; any other value is a FATAL ERROR. */
int acc_async_test(int wait_arg);                                  /* §3.2.9: nonzero if the queue is idle */
int acc_async_test_device(int wait_arg, int dev_num);              /* §3.2.9: on a device */
int acc_async_test_all(void);                                      /* §3.2.9: nonzero if all queues are idle */
int acc_async_test_all_device(int dev_num);                        /* §3.2.9: on a device */
void acc_wait(int wait_arg);                                       /* §3.2.10: the host waits for a queue */
void acc_wait_device(int wait_arg, int dev_num);                   /* §3.2.10: on a device */
void acc_wait_async(int wait_arg, int async_arg);                  /* §3.2.11: queue async_arg waits for wait_arg */
void acc_wait_device_async(int wait_arg, int async_arg, int dev_num); /* §3.2.11: on a device */
void acc_wait_all(void);                                           /* §3.2.10: the host waits for all queues */
void acc_wait_all_device(int dev_num);                             /* §3.2.10: on a device */
void acc_wait_all_async(int async_arg);                            /* §3.2.11: a queue waits for all others */
void acc_wait_all_device_async(int async_arg, int dev_num);        /* §3.2.11: on a device */
int acc_wait_any(int count, int wait_arg[]);                       /* §3.2.12: index of a finished queue, */
int acc_wait_any_device(int count, int wait_arg[], int dev_num);   /*   -1 if none is waitable */
int acc_get_default_async(void);                                   /* §3.2.13: the queue acc_async_noval means */
void acc_set_default_async(int async_arg);                         /* §3.2.14: set it */
void acc_async_wait(int wait_arg);                                 /* OpenACC 1.0 name of acc_wait */
void acc_async_wait_all(void);                                     /* OpenACC 1.0 name of acc_wait_all */

/* Where the code runs (§3.2.15): acc_device_host in host code and in the
 * host versions of compute regions; in a compute region on -acc=gpu and
 * -acc=emulate, acc_device_not_host and acc_device_nvidia, on -acc=host
 * and multicore acc_device_host. acc_device_current: the current device. */
#if defined(__CUDACC__)
int accrt_on_device(acc_device_t dev_type); /* the host side */
static inline __host__ __device__ int acc_on_device(acc_device_t dev_type) {
#if defined(__CUDA_ARCH__)
    return dev_type == acc_device_not_host || dev_type == acc_device_nvidia || dev_type == acc_device_current;
#else
    return accrt_on_device(dev_type);
#endif
}
#else
int acc_on_device(acc_device_t dev_type);
#endif

/* Device memory. */
void *acc_malloc(size_t bytes);                                    /* §3.2.16: raw device memory */
void acc_free(void *data_dev);                                     /* §3.2.17: only what acc_malloc returned */

/* Data: like enter data copyin/create (§3.2.18) and exit data copyout/delete
 * (§3.2.19): dynamic reference counts; copyout and delete of absent data
 * do nothing (as the clauses, §2.7.9, §2.7.12), partly present data is a
 * FATAL ERROR. */
void *acc_copyin(void *data_arg, size_t bytes);                    /* §3.2.18: present or copy in */
void acc_copyin_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.18 */
void *acc_create(void *data_arg, size_t bytes);                    /* §3.2.18: present or allocate */
void acc_create_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.18 */
void *acc_present_or_copyin(void *data_arg, size_t bytes);         /* deprecated name of acc_copyin */
void *acc_pcopyin(void *data_arg, size_t bytes);                   /* deprecated name of acc_copyin */
void *acc_present_or_create(void *data_arg, size_t bytes);         /* deprecated name of acc_create */
void *acc_pcreate(void *data_arg, size_t bytes);                   /* deprecated name of acc_create */
void acc_copyout(void *data_arg, size_t bytes);                    /* §3.2.19: release, copy out the last */
void acc_copyout_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.19 */
void acc_copyout_finalize(void *data_arg, size_t bytes);           /* §3.2.19: dynamic count to zero */
void acc_copyout_finalize_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.19 */
void acc_delete(void *data_arg, size_t bytes);                     /* §3.2.19: release without copy */
void acc_delete_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.19 */
void acc_delete_finalize(void *data_arg, size_t bytes);            /* §3.2.19: dynamic count to zero */
void acc_delete_finalize_async(void *data_arg, size_t bytes, int async_arg); /* §3.2.19 */
void acc_update_device(void *data_arg, size_t bytes);              /* §3.2.20: host to device; the data */
void acc_update_device_async(void *data_arg, size_t bytes, int async_arg); /* must be present */
void acc_update_self(void *data_arg, size_t bytes);                /* §3.2.20: device to host; the data */
void acc_update_self_async(void *data_arg, size_t bytes, int async_arg); /* must be present */
void acc_map_data(void *data_arg, void *data_dev, size_t bytes);   /* §3.2.21: map user device memory; */
                                                                   /*   FATAL ERROR if any of it is present */
void acc_unmap_data(void *data_arg);                               /* §3.2.22: undo acc_map_data, only that */
void *acc_deviceptr(void *data_arg);                               /* §3.2.23: device address, NULL if absent */
void *acc_hostptr(void *data_dev);                                 /* §3.2.24: host address, NULL if unmapped */
int acc_is_present(void *data_arg, size_t bytes);                  /* §3.2.25: nonzero if all present */
void acc_memcpy_to_device(void *data_dev_dest, void *data_host_src, size_t bytes); /* §3.2.26 */
void acc_memcpy_to_device_async(void *data_dev_dest, void *data_host_src, size_t bytes, int async_arg);
void acc_memcpy_from_device(void *data_host_dest, void *data_dev_src, size_t bytes); /* §3.2.27 */
void acc_memcpy_from_device_async(void *data_host_dest, void *data_dev_src, size_t bytes, int async_arg);
void acc_memcpy_device(void *data_dev_dest, void *data_dev_src, size_t bytes); /* §3.2.28 */
void acc_memcpy_device_async(void *data_dev_dest, void *data_dev_src, size_t bytes, int async_arg);
void acc_attach(void **ptr_addr);                                  /* §3.2.29: attach a present pointer */
void acc_attach_async(void **ptr_addr, int async_arg);             /* §3.2.29 */
void acc_detach(void **ptr_addr);                                  /* §3.2.29: detach it */
void acc_detach_async(void **ptr_addr, int async_arg);             /* §3.2.29 */
void acc_detach_finalize(void **ptr_addr);                         /* §3.2.29: attach count to zero */
void acc_detach_finalize_async(void **ptr_addr, int async_arg);    /* §3.2.29 */
/* §3.2.30: device copy to device copy of present host data, on devices
 * dev_num_dest and dev_num_src (accc uses one device: the current one). */
void acc_memcpy_d2d(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest, int dev_num_src);
void acc_memcpy_d2d_async(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest,
                          int dev_num_src, int async_arg_src);

/* CUDA interoperability (Appendix A.2.1). On -acc=host, multicore and
 * emulate there is no CUDA: the getters return NULL and
 * acc_set_cuda_stream returns 0 and does nothing. */
void *acc_get_current_cuda_device(void);         /* points to the CUdevice of the current device */
void *acc_get_current_cuda_context(void);        /* its CUcontext (the primary context) */
void *acc_get_cuda_stream(int async_arg);        /* the cudaStream_t of a queue */
int acc_set_cuda_stream(int async_arg, void *stream); /* use stream for the queue: 1 on success */

/* Call sites (accc). Each routine that can fail has a twin
 * accrt_<routine>_at taking the caller's file, line and function as three
 * more arguments (NULL, 0, NULL where unknown); the routine itself is the
 * twin with an unknown caller. Errors end with the caller's position, as
 * errors of directives end with theirs, and leave out what is unknown;
 * without a line, an error that does not name the routine starts with it:
 *
 *   FATAL ERROR: invalid async argument -5: ... file:x.c function:f line:43
 *   FATAL ERROR: acc_wait: invalid async argument -5: ...
 *
 * The acc_ev_error callback (acc_prof.h) gets the same position in
 * acc_prof_info: src_file, func_name, line_no (NULL, NULL, 0 if unknown).
 *
 * Where _OPENACC is defined (accc -acc) and ACCC_NO_CALL_SITES is not,
 * the routines are also function-like macros that call their twin with
 * __FILE__, __LINE__ and __func__ (the host file is compiled with #line
 * directives, so these are the user's). Like the C library's macros
 * (C11 7.1.4), each argument is evaluated once, as in a call, and the
 * result has the routine's type. The names remain functions: taking the
 * address (&acc_free, or acc_free without parentheses), calls through a
 * pointer, (acc_free)(p), #undef acc_free and code compiled without this
 * header all reach the routine, without a known caller. A program that
 * declares one of these routines itself after including this header
 * writes (acc_free) in the declaration, or #undef's the name first, or
 * defines ACCC_NO_CALL_SITES. */
#define ACCRT_AT const char *, int, const char *
void accrt_acc_set_device_type_at(acc_device_t dev_type, ACCRT_AT);
void accrt_acc_set_device_num_at(int dev_num, acc_device_t dev_type, ACCRT_AT);
void accrt_acc_init_at(acc_device_t dev_type, ACCRT_AT);
void accrt_acc_init_device_at(int dev_num, acc_device_t dev_type, ACCRT_AT);
void accrt_acc_shutdown_at(acc_device_t dev_type, ACCRT_AT);
void accrt_acc_shutdown_device_at(int dev_num, acc_device_t dev_type, ACCRT_AT);
int accrt_acc_async_test_at(int wait_arg, ACCRT_AT);
int accrt_acc_async_test_device_at(int wait_arg, int dev_num, ACCRT_AT);
int accrt_acc_async_test_all_at(ACCRT_AT);
int accrt_acc_async_test_all_device_at(int dev_num, ACCRT_AT);
void accrt_acc_wait_at(int wait_arg, ACCRT_AT);
void accrt_acc_wait_device_at(int wait_arg, int dev_num, ACCRT_AT);
void accrt_acc_wait_async_at(int wait_arg, int async_arg, ACCRT_AT);
void accrt_acc_wait_device_async_at(int wait_arg, int async_arg, int dev_num, ACCRT_AT);
void accrt_acc_wait_all_at(ACCRT_AT);
void accrt_acc_wait_all_device_at(int dev_num, ACCRT_AT);
void accrt_acc_wait_all_async_at(int async_arg, ACCRT_AT);
void accrt_acc_wait_all_device_async_at(int async_arg, int dev_num, ACCRT_AT);
int accrt_acc_wait_any_at(int count, int wait_arg[], ACCRT_AT);
int accrt_acc_wait_any_device_at(int count, int wait_arg[], int dev_num, ACCRT_AT);
void accrt_acc_set_default_async_at(int async_arg, ACCRT_AT);
void accrt_acc_async_wait_at(int wait_arg, ACCRT_AT);
void accrt_acc_async_wait_all_at(ACCRT_AT);
void *accrt_acc_malloc_at(size_t bytes, ACCRT_AT);
void accrt_acc_free_at(void *data_dev, ACCRT_AT);
void *accrt_acc_copyin_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_copyin_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void *accrt_acc_create_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_create_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void *accrt_acc_present_or_copyin_at(void *data_arg, size_t bytes, ACCRT_AT);
void *accrt_acc_pcopyin_at(void *data_arg, size_t bytes, ACCRT_AT);
void *accrt_acc_present_or_create_at(void *data_arg, size_t bytes, ACCRT_AT);
void *accrt_acc_pcreate_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_copyout_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_copyout_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_copyout_finalize_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_copyout_finalize_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_delete_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_delete_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_delete_finalize_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_delete_finalize_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_update_device_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_update_device_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_update_self_at(void *data_arg, size_t bytes, ACCRT_AT);
void accrt_acc_update_self_async_at(void *data_arg, size_t bytes, int async_arg, ACCRT_AT);
void accrt_acc_map_data_at(void *data_arg, void *data_dev, size_t bytes, ACCRT_AT);
void accrt_acc_unmap_data_at(void *data_arg, ACCRT_AT);
void *accrt_acc_deviceptr_at(void *data_arg, ACCRT_AT);
void accrt_acc_memcpy_to_device_at(void *data_dev_dest, void *data_host_src, size_t bytes, ACCRT_AT);
void accrt_acc_memcpy_to_device_async_at(void *data_dev_dest, void *data_host_src, size_t bytes,
                                         int async_arg, ACCRT_AT);
void accrt_acc_memcpy_from_device_at(void *data_host_dest, void *data_dev_src, size_t bytes, ACCRT_AT);
void accrt_acc_memcpy_from_device_async_at(void *data_host_dest, void *data_dev_src, size_t bytes,
                                           int async_arg, ACCRT_AT);
void accrt_acc_memcpy_device_at(void *data_dev_dest, void *data_dev_src, size_t bytes, ACCRT_AT);
void accrt_acc_memcpy_device_async_at(void *data_dev_dest, void *data_dev_src, size_t bytes, int async_arg,
                                      ACCRT_AT);
void accrt_acc_attach_at(void **ptr_addr, ACCRT_AT);
void accrt_acc_attach_async_at(void **ptr_addr, int async_arg, ACCRT_AT);
void accrt_acc_detach_at(void **ptr_addr, ACCRT_AT);
void accrt_acc_detach_async_at(void **ptr_addr, int async_arg, ACCRT_AT);
void accrt_acc_detach_finalize_at(void **ptr_addr, ACCRT_AT);
void accrt_acc_detach_finalize_async_at(void **ptr_addr, int async_arg, ACCRT_AT);
void accrt_acc_memcpy_d2d_at(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest,
                             int dev_num_src, ACCRT_AT);
void accrt_acc_memcpy_d2d_async_at(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest,
                                   int dev_num_src, int async_arg_src, ACCRT_AT);
void *accrt_acc_get_cuda_stream_at(int async_arg, ACCRT_AT);
int accrt_acc_set_cuda_stream_at(int async_arg, void *stream, ACCRT_AT);

#if defined(_OPENACC) && !defined(ACCC_NO_CALL_SITES)
#if defined(__cplusplus)
#if __cplusplus >= 201103L
#define ACCRT_CALLER_FUNC __func__
#endif
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define ACCRT_CALLER_FUNC __func__
#endif
#if defined(ACCRT_CALLER_FUNC)
#elif defined(__GNUC__)
#define ACCRT_CALLER_FUNC (__extension__ __FUNCTION__)
#else
#define ACCRT_CALLER_FUNC ((const char *)0)
#endif
#define ACCRT_CALLER __FILE__, __LINE__, ACCRT_CALLER_FUNC
#define acc_set_device_type(a) accrt_acc_set_device_type_at(a, ACCRT_CALLER)
#define acc_set_device_num(a, b) accrt_acc_set_device_num_at(a, b, ACCRT_CALLER)
#define acc_init(a) accrt_acc_init_at(a, ACCRT_CALLER)
#define acc_init_device(a, b) accrt_acc_init_device_at(a, b, ACCRT_CALLER)
#define acc_shutdown(a) accrt_acc_shutdown_at(a, ACCRT_CALLER)
#define acc_shutdown_device(a, b) accrt_acc_shutdown_device_at(a, b, ACCRT_CALLER)
#define acc_async_test(a) accrt_acc_async_test_at(a, ACCRT_CALLER)
#define acc_async_test_device(a, b) accrt_acc_async_test_device_at(a, b, ACCRT_CALLER)
#define acc_async_test_all() accrt_acc_async_test_all_at(ACCRT_CALLER)
#define acc_async_test_all_device(a) accrt_acc_async_test_all_device_at(a, ACCRT_CALLER)
#define acc_wait(a) accrt_acc_wait_at(a, ACCRT_CALLER)
#define acc_wait_device(a, b) accrt_acc_wait_device_at(a, b, ACCRT_CALLER)
#define acc_wait_async(a, b) accrt_acc_wait_async_at(a, b, ACCRT_CALLER)
#define acc_wait_device_async(a, b, c) accrt_acc_wait_device_async_at(a, b, c, ACCRT_CALLER)
#define acc_wait_all() accrt_acc_wait_all_at(ACCRT_CALLER)
#define acc_wait_all_device(a) accrt_acc_wait_all_device_at(a, ACCRT_CALLER)
#define acc_wait_all_async(a) accrt_acc_wait_all_async_at(a, ACCRT_CALLER)
#define acc_wait_all_device_async(a, b) accrt_acc_wait_all_device_async_at(a, b, ACCRT_CALLER)
#define acc_wait_any(a, b) accrt_acc_wait_any_at(a, b, ACCRT_CALLER)
#define acc_wait_any_device(a, b, c) accrt_acc_wait_any_device_at(a, b, c, ACCRT_CALLER)
#define acc_set_default_async(a) accrt_acc_set_default_async_at(a, ACCRT_CALLER)
#define acc_async_wait(a) accrt_acc_async_wait_at(a, ACCRT_CALLER)
#define acc_async_wait_all() accrt_acc_async_wait_all_at(ACCRT_CALLER)
#define acc_malloc(a) accrt_acc_malloc_at(a, ACCRT_CALLER)
#define acc_free(a) accrt_acc_free_at(a, ACCRT_CALLER)
#define acc_copyin(a, b) accrt_acc_copyin_at(a, b, ACCRT_CALLER)
#define acc_copyin_async(a, b, c) accrt_acc_copyin_async_at(a, b, c, ACCRT_CALLER)
#define acc_create(a, b) accrt_acc_create_at(a, b, ACCRT_CALLER)
#define acc_create_async(a, b, c) accrt_acc_create_async_at(a, b, c, ACCRT_CALLER)
#define acc_present_or_copyin(a, b) accrt_acc_present_or_copyin_at(a, b, ACCRT_CALLER)
#define acc_pcopyin(a, b) accrt_acc_pcopyin_at(a, b, ACCRT_CALLER)
#define acc_present_or_create(a, b) accrt_acc_present_or_create_at(a, b, ACCRT_CALLER)
#define acc_pcreate(a, b) accrt_acc_pcreate_at(a, b, ACCRT_CALLER)
#define acc_copyout(a, b) accrt_acc_copyout_at(a, b, ACCRT_CALLER)
#define acc_copyout_async(a, b, c) accrt_acc_copyout_async_at(a, b, c, ACCRT_CALLER)
#define acc_copyout_finalize(a, b) accrt_acc_copyout_finalize_at(a, b, ACCRT_CALLER)
#define acc_copyout_finalize_async(a, b, c) accrt_acc_copyout_finalize_async_at(a, b, c, ACCRT_CALLER)
#define acc_delete(a, b) accrt_acc_delete_at(a, b, ACCRT_CALLER)
#define acc_delete_async(a, b, c) accrt_acc_delete_async_at(a, b, c, ACCRT_CALLER)
#define acc_delete_finalize(a, b) accrt_acc_delete_finalize_at(a, b, ACCRT_CALLER)
#define acc_delete_finalize_async(a, b, c) accrt_acc_delete_finalize_async_at(a, b, c, ACCRT_CALLER)
#define acc_update_device(a, b) accrt_acc_update_device_at(a, b, ACCRT_CALLER)
#define acc_update_device_async(a, b, c) accrt_acc_update_device_async_at(a, b, c, ACCRT_CALLER)
#define acc_update_self(a, b) accrt_acc_update_self_at(a, b, ACCRT_CALLER)
#define acc_update_self_async(a, b, c) accrt_acc_update_self_async_at(a, b, c, ACCRT_CALLER)
#define acc_map_data(a, b, c) accrt_acc_map_data_at(a, b, c, ACCRT_CALLER)
#define acc_unmap_data(a) accrt_acc_unmap_data_at(a, ACCRT_CALLER)
#define acc_deviceptr(a) accrt_acc_deviceptr_at(a, ACCRT_CALLER)
#define acc_memcpy_to_device(a, b, c) accrt_acc_memcpy_to_device_at(a, b, c, ACCRT_CALLER)
#define acc_memcpy_to_device_async(a, b, c, d) accrt_acc_memcpy_to_device_async_at(a, b, c, d, ACCRT_CALLER)
#define acc_memcpy_from_device(a, b, c) accrt_acc_memcpy_from_device_at(a, b, c, ACCRT_CALLER)
#define acc_memcpy_from_device_async(a, b, c, d) accrt_acc_memcpy_from_device_async_at(a, b, c, d, ACCRT_CALLER)
#define acc_memcpy_device(a, b, c) accrt_acc_memcpy_device_at(a, b, c, ACCRT_CALLER)
#define acc_memcpy_device_async(a, b, c, d) accrt_acc_memcpy_device_async_at(a, b, c, d, ACCRT_CALLER)
#define acc_attach(a) accrt_acc_attach_at(a, ACCRT_CALLER)
#define acc_attach_async(a, b) accrt_acc_attach_async_at(a, b, ACCRT_CALLER)
#define acc_detach(a) accrt_acc_detach_at(a, ACCRT_CALLER)
#define acc_detach_async(a, b) accrt_acc_detach_async_at(a, b, ACCRT_CALLER)
#define acc_detach_finalize(a) accrt_acc_detach_finalize_at(a, ACCRT_CALLER)
#define acc_detach_finalize_async(a, b) accrt_acc_detach_finalize_async_at(a, b, ACCRT_CALLER)
#define acc_memcpy_d2d(a, b, c, d, e) accrt_acc_memcpy_d2d_at(a, b, c, d, e, ACCRT_CALLER)
#define acc_memcpy_d2d_async(a, b, c, d, e, f) accrt_acc_memcpy_d2d_async_at(a, b, c, d, e, f, ACCRT_CALLER)
#define acc_get_cuda_stream(a) accrt_acc_get_cuda_stream_at(a, ACCRT_CALLER)
#define acc_set_cuda_stream(a, b) accrt_acc_set_cuda_stream_at(a, b, ACCRT_CALLER)
#endif /* call sites */

#ifdef __cplusplus
}
#endif

#if defined(__CUDACC__)
/* C converts an int to acc_device_t by itself, C++ does not: kernel code
 * that passes an int (a device type kept in an int variable) calls this. */
static inline __host__ __device__ int acc_on_device(int dev_type) { return acc_on_device((acc_device_t)dev_type); }
#endif

#endif /* ACCC_OPENACC_H */
