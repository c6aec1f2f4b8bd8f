package main

// usageText is what `accc --help` (and `accc help`, `accc -h`) prints: the
// complete flag reference, one line per option, in gcc's layout. It is the
// source of truth for docs/flags.md; TestUsageMentionsEveryOption checks
// that it names every option parseArgs accepts.
const usageText = `Usage: accc [options] file...
       accc version | info | help
An OpenACC compiler for C; takes the command lines of gcc and pgcc/nvc -acc.

Inputs:
  file.c, file.i            C source (.i: already preprocessed)
  file.o, file.a, file.so*  objects and libraries, passed to the linker in order
                            (so is any file with an unknown suffix; C++, CUDA,
                            Fortran, assembler and header files are rejected)
  -x c | -x none            treat the following files as C / by their suffix again
  --                        all further arguments are files
  -l NAME, -lNAME           link with libNAME, in command-line order

Output:
  -c                        compile to one object per source, do not link
  -o FILE, -oFILE           write the output to FILE
  -E                        preprocess only, to stdout or -o FILE
  -fsyntax-only             check the sources and directives, write nothing
  --emit=source             write the generated FILE.acc.c (and FILE.acc.cu) and stop
  --keep, -keep             keep the generated FILE.acc.c/FILE.acc.cu beside the output
  -S                        not supported: use --emit=source

OpenACC:
  -acc                      enable OpenACC; the target is gpu unless one is named
  -acc=TARGET[,SUBOPT...]   TARGET: gpu | multicore | host | emulate; gpu,multicore: one binary,
                            the GPU, or multicore without one (or ACC_DEVICE_TYPE=multicore);
                            gpu,host is gpu;
                            SUBOPT: autopar (default) | noautopar: parallelise loops without
                            directives in parallel constructs (in gang-redundant code over
                            each gang's workers and vector lanes); sync wait nowait strict
                            verystrict (accepted, no effect yet)
  -noacc                    disable OpenACC (directives are checked, then ignored)
  -fopenacc                 gcc's spelling of -acc
  -ta=tesla[:ccNN,...]      PGI spelling of -acc=gpu -gpu=ccNN,...; also -ta=nvidia[,ccNN,...]
  -ta=multicore, -ta=host   PGI spellings of -acc=multicore, -acc=host
  -gpu=ccNN[,ccMM...]       compute capabilities to build for, cc75 and newer (cc80, cc90, cc90a,
                            ...); older ones are dropped with a warning (CUDA 13 cannot build them);
                            mem:managed (managed): heap allocations in managed memory, not
                            copied by data clauses; mem:unified (unified): all memory shared
                            where the system has HMM/ATS, else as managed; mem:separate (the
                            default), mem:separate:pinnedalloc (pinned): heap allocations
                            page-locked; deepcopy, zeroinit, ccall, ccnative are errors;
                            lineinfo, debug, maxregcount:N, fastmath, [no]fma, [no]flushz,
                            ptxinfo go to nvcc; autocompare compares each construct with its
                            host version; cudaX.Y, rdc, ... are ignored with a warning
  -Minfo[=FAMILY,...]       report what the compiler did (remarks on stderr); FAMILY:
                            accel all ccff data inline intensity ipa loop lre mp opt
                            par pfo stat stdpar time unroll vect; default all. accel:
                            kernels, loops (with why they stay sequential), data;
                            loop: loops; par: parallel loops and their schedules;
                            data: data movement
  -Mneginfo[=FAMILY,...]    report why loops were not parallelised (alone: only that)

PGI/NVHPC options (docs/flags.md says what accc does with each):
  -fast                     -O2 (nvc's -O2 with its own unroll/vector/inline tuning)
  -Msafeptr[=arg|dummy|all] pointer arguments do not alias one another (-Mnosafeptr: they may)
  -Mlarge_arrays            objects over 2 GB: passed on as -mcmodel=medium
  -Mschar, -Muchar          char is signed / unsigned (-fsigned-char / -funsigned-char)
  -Mvect, -Munroll, -Minline, -Mfprelaxed, -Mipa, ... [=...]  nvc optimiser options:
                            ignored, with one warning each (the host compiler's -O does that)
  -mp, -mp=multicore        OpenMP in host code: -fopenmp to compile and link; -mp=gpu is an error
  -tp=host, -tp=native      -march=native; another -tp=CPU is ignored with a warning
  (other -M options are rejected)

Preprocessor:
  -I DIR, -IDIR             add DIR to the include search path
  -isystem DIR              add DIR after the -I directories
  -idirafter DIR            add DIR after the -isystem directories
  -D NAME[=VAL], -DNAME     define a macro
  -U NAME, -UNAME           undefine a macro
  -include FILE             include FILE before the source
  -std=STD                  C standard: c89 c90 c99 c11 c17 c18 c2x c23, gnu..., iso9899:...
  -ansi, -c89, -c99, -c11, -c17  -std=c90 / the pgcc spellings of -std=

Dependency files (for make):
  -M, -MM                   write dependencies to stdout instead of compiling (imply -E)
  -MD, -MMD                 write FILE.d while compiling
  -MF FILE                  dependency output file
  -MT TARGET, -MQ TARGET    target name (-MQ: quoted for make)
  -MP                       add a phony target for each header
  -MG                       take missing headers to be generated files

Optimisation, debugging, warnings (passed to the host compiler):
  -O, -O0, -O1, -O2, -O3, -Os, -Oz, -Og, -Ofast  optimisation level (the last one wins)
  -g, -g0..-g3, -ggdb[N], -gdwarf[-N]  debug information
  -w                        no warnings (accc's own too)
  -W..., -Wall, -Werror, -Wno-..., -pedantic[-errors]  warning options (-Werror makes accc's
                            warnings about the program errors too)
  -Wno-CODE, -Werror=CODE   silence accc's warnings of CODE, or make them errors (not passed
                            on; docs/diagnostics.md lists the codes, e.g. -Wno-data-movement)
  -fmax-errors=N            stop after N errors (0: no limit); also -ferror-limit=N

Host compiler and linker:
  -f...                     other -f options, passed to the host compiler (-fPIC, -fopenmp, ...)
  -m...                     -m options, passed to the host compiler (-m64, -mcmodel=medium, ...)
  -pthread, -pipe           passed to the host compiler
  -Wa,OPT,...               passed to the assembler through the host compiler
  -L DIR, -LDIR             add DIR to the library search path
  -Wl,OPT,...               options for the linker, comma-separated
  -Xlinker OPT              one option for the linker
  -static, -shared, -rdynamic, -s  passed to the link step

Driver:
  -v                        print the commands accc runs (alone: print the version)
  -###                      print the commands without running them
  --diag-format=FMT         diagnostics as text (default), json (JSON lines) or sarif
  --dump-ir=PASS            print each construct's IR after lowering pass PASS (all: after
                            every pass) on stdout; an unknown PASS lists the passes; also -dump-ir
  --verify-ir               check the IR after each lowering pass: a broken invariant is an
                            internal error naming the pass (also ACCC_VERIFY_IR=1)
  --help, -h                print this help (-h only as the first argument)
  --version, -V             print the version and stop (-V: pgcc's spelling)
  -dumpversion              print the version number only
  --print-libs              print what a link line needs for objects accc built for the target
                            (gcc *.o $(accc -acc=gpu --print-libs)); routines called across
                            files need accc's own link
  -dumpmachine, -print-file-name=NAME, -print-prog-name=NAME, -print-search-dirs,
  -print-libgcc-file-name, -print-multiarch, -print-sysroot  answered by the host compiler

Subcommands (only as the first argument):
  version                   print accc's version and the Go toolchain it was built with
  info                      report the toolchain (nvcc, cc) and the devices accc can use
  help                      print this help

Environment: CC picks the host compiler (a command: CC="ccache gcc" works); ACCC_NVCC,
CUDA_HOME or CUDA_PATH the CUDA compiler; ACCC_CACHE_DIR the runtime cache (default
~/.cache/accc, private to the user); ACCC_DEBUG=1 shows the stack of an internal compiler error.
`
