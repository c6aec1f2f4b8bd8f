// Package runtime embeds accc's C runtime, the library that generated code
// calls, and describes how to build it. The driver writes Files into a
// cache directory and compiles one static library per backend
// (libaccrt-<backend>.a) on first use; Hash keys that cache.
//
// Pipeline position: the last stage. Codegen emits calls to the internal
// ABI of include/accrt.h (host side) and include/accrt_device.h (kernels);
// the driver compiles and links the library; nothing else imports it.
//
// # Backends
//
// One library per backend, chosen by a macro when the library is built:
//
//   - cuda (ACCRT_BACKEND_CUDA, -acc=gpu): the CUDA runtime API. Async
//     queues map to non-blocking streams created on first use and kept;
//     device memory comes from the stream-ordered pool allocator (no
//     cudaMalloc per data region); large synchronous transfers are staged
//     through page-locked buffers filled by several host threads
//     (src/copy.c); every CUDA call is checked and a failure prints the
//     CUDA error and the construct's file, function and line.
//   - emulate (ACCRT_BACKEND_EMULATE, -acc=emulate): device memory is a
//     separate malloc'd copy, filled with 0xA5 bytes when created, so
//     missing transfers give wrong results exactly as on a GPU. Its
//     kernels run a device's gangs one after another, each with its
//     share of the gang loops (src/emulate_exec.c, include/accrt_emulate.h).
//     Its checks (ACCC_CHECK, src/check.c) watch the program's accesses
//     to mapped data; it defines the C allocator's functions, which pass
//     to glibc's and, where the bounds check is on, note the size of each
//     heap block for it (src/heap.c). ACCC_CHECK=race runs each kernel's
//     checking version, whose accesses a shadow of the device copies
//     records by loop iteration (src/race.c).
//   - shared (ACCRT_BACKEND_SHARED, -acc=host and -acc=multicore): the
//     device address is the host address and transfers do nothing.
//
// The memory modes (-gpu=mem:managed, unified, separate:pinnedalloc;
// docs/memory.md): src/memory.c, built once per mode into an object the
// driver links only for that mode (Backend.MemorySource), defines the C
// allocator's functions for the whole program and serves its heap from
// chunks of CUDA managed or pinned memory (cuda: src/heap_cuda.cu) or of
// fresh pages (emulate); the data layer (src/data.c) asks it whether a
// range is shared (accrt_heap_shared) and then maps it to itself, moving
// nothing and keeping the reference counts.
//
// Every backend has autocompare (-gpu=autocompare, src/compare.c): a
// construct's host version runs on the device version's inputs and the
// runtime compares their results.
//
// All three keep the present table (host ranges → device copies, with
// structured and dynamic reference counts and attachment counters, OpenACC
// 3.4 §2.6.7–2.6.8), so present and partial-presence errors fire on every
// target. The table is an array of disjoint ranges sorted by address:
// lookups are binary searches.
//
// # The ABI
//
// A data or compute construct fills an array of accrt_map (clause kind,
// modifier flags, name, host address, bytes) and brackets its body with
// accrt_enter and accrt_exit, which fill in the device addresses; enter
// data and exit data call accrt_enter_data and accrt_exit_data; update
// calls accrt_update_self or accrt_update_device; pointer lookups call
// accrt_deviceptr. Every call takes the construct's static
// accrt_site, which errors and the profile report. A compute construct on
// the synchronous queue ends with accrt_exit (with n == 0 if it maps
// nothing): that is where the host waits for the kernel.
//
// Kernels: the launch stub may call accrt_launch_begin (trace and timing)
// and must call accrt_check_launch after the launch. Reductions take their
// cells from accrt_red_begin, combine into them with the helpers of
// accrt_device.h (warp shuffles, a shared-memory block combine, one atomic
// per block), and read them back with accrt_red_end (one small copy
// through a pinned buffer). accrt_scratch gives device scratch that is
// reused across launches.
//
// Deep copy: a map with row_bytes set is a section p[lo:n][off:len] of a
// pointer to pointers; the runtime maps the pointer array, each row and
// an attachment of each row pointer. Attach maps carry the offset of the
// section they came with (s.p[10:20]) in row_off. host_data calls
// accrt_use_device; a declare directive in a function holds an
// accrt_scope whose cleanup runs accrt_exit on every way out of the
// block; one at file scope calls accrt_declare_global before main.
//
// # The public API
//
// include/openacc.h declares every acc_* routine of OpenACC 3.4 for C
// (src/api.c, with backend parts in src/api_cuda.cu and src/api_host.c),
// include/acc_prof.h the profiling interface (chapter 5): ACC_PROFLIB
// libraries and a linked-in acc_register_library are loaded at
// initialisation; directives and routines dispatch enter/exit data,
// update, wait, launch, upload and download events; errors go to an
// acc_ev_error callback first. Device types: acc_device_nvidia (cuda),
// acc_device_not_host (emulate), acc_device_host (shared). Async
// transfers on the GPU go through a pinned staging ring per queue; queues
// wait for each other with events, never a device-wide synchronisation.
//
// # Environment
//
//   - ACCC_TIME, NV_ACC_TIME, PGI_ACC_TIME: a per-construct summary at exit
//     (regions, launches and kernel time, transfers with bytes and time).
//   - ACCC_NOTIFY, NV_ACC_NOTIFY, PGI_ACC_NOTIFY: NVHPC's bits, a line on
//     stderr per launch (1), transfer (2), region entry and exit (4), wait
//     (8), device allocation and free (16) (src/profile.c, src/trace.c).
//   - NV_ACC_DEBUG, NVCOMPILER_ACC_DEBUG: 1 traces the runtime's work
//     (regions, present lookups, allocations, transfers, launches, waits,
//     with addresses), 2 the present table's changes too (src/trace.c).
//   - NV_ACC_CUDA_STACKSIZE, NV_ACC_CUDA_HEAPSIZE (and NVCOMPILER_ACC_):
//     the GPU's per-thread stack and malloc heap (src/tools.cu); checked and
//     ignored on the CPU backends.
//
// The CUDA backend wraps every construct and transfer in an NVTX range
// named "file:line construct" from the site's construct field
// (src/tools.cu, none where nvcc has no nvtx3 headers).
//   - ACCC_PRESENT_DUMP: print the present table at exit.
//   - ACC_DEVICE_TYPE: the device type (nvidia, host, multicore,
//     not_host, default); a type the build cannot run is a FATAL ERROR.
//   - ACC_DEVICE_NUM: the device number (the CUDA device on -acc=gpu).
//   - ACC_PROFLIB: profiling libraries to load (colon-separated).
//   - ACCC_CHECK_ORDER (reverse, shuffle), ACCC_CHECK_SEED: emulate runs
//     the iterations of partitioned loops, and gangs, in that order.
//   - ACCC_CHECK_GANGS, ACCC_CHECK=gangs: emulate's gangs where no
//     num_gangs clause says.
//
// Errors read like NVHPC's, on stderr, followed by exit(1):
//
//	FATAL ERROR: data in PRESENT clause was not found on device 1: name=a host:0x5581c0 file:x.c function:f line:42
//
// Errors of the acc_* routines end with the caller's position the same
// way: with -acc (_OPENACC), openacc.h makes each routine that can fail a
// function-like macro that calls its twin accrt_<routine>_at with
// __FILE__, __LINE__ and __func__; api.c interns these call sites, so they
// live as long as the program, like the static sites of directives. A
// call the macros do not see (through a pointer, from code compiled
// without the header) has no position: the fields are left out, and a
// message that does not name the routine starts with it:
//
//	FATAL ERROR: invalid async argument -5: ... file:x.c function:f line:43
//	FATAL ERROR: acc_wait: invalid async argument -5: ...
//
// The acc_ev_error callback's acc_prof_info has the same src_file,
// func_name and line_no (NULL, NULL and 0 when unknown).
//
// Invariants: the C sources are C99 (cuda.cu: C++17 for nvcc) and compile
// with -Wall -Wextra -Werror -pedantic; runtime state is guarded by one lock
// (queues by their own); the runtime never allocates device memory per
// kernel launch.
package runtime
