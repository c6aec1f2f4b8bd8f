// errorcheck -acc=multicore -fmax-errors=0
/* goto in and around constructs: a construct's statement is a structured
   block (one entry, one exit: OpenACC 3.4 glossary), so a goto may not
   leave it or enter it; inside, a goto may not leave the iteration of a
   partitioned loop (its trip count is computable when it starts, §2.9)
   or enter a loop. A goto within an iteration, or out of a sequential
   loop, is C's; in kernels, the statements between a goto and its label
   run in one kernel. */
void f(int n, float *a) {
    int t;
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0)
            goto out; // want error:"'goto' out of a parallel loop construct is not supported: the construct's exit (copy-out, release) would be skipped"
        a[i] = 1;
    }
out:
    if (n > 4)
        goto inside; // want error:"'goto inside' into a data construct is not supported: the construct's entry (data mapping, launch) would be skipped"
#pragma acc data copy(a[0:n])
    {
        a[0] = 2;
#pragma acc parallel loop
        for (int i = 0; i < n; i++) {
            if (a[i] > 2)
                goto next;
            a[i] += 1;
        next:
            a[i] *= 2;
        }
    inside:
        a[1] = 3;
        if (a[1] > 0)
            goto done;
        a[2] = 4;
    done:;
    }
#pragma acc parallel copy(a[0:n])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop vector
            for (int j = 0; j < n; j++) {
                if (a[j] < 0)
                    goto row_done; // want error:"'goto row_done' cannot leave a partitioned loop (vector): the trip count of a loop construct must be computable when the loop starts (OpenACC 3.4 §2.9); jump within the iteration, or add 'seq' to the loop directive"
                a[j] += 1;
            }
        row_done:
            a[i] -= 1;
#pragma acc loop seq
            for (int j = 0; j < n; j++)
                if (a[j] == i)
                    goto found;
            a[i] = 0;
        found:;
        }
    }
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] == 0)
            goto body; // want error:"'goto body' cannot enter a loop from outside it: the loop's index comes from its iteration"
#pragma acc loop seq
        for (int j = 0; j < n; j++) {
        body:
            a[j] += 1;
        }
    }
#pragma acc kernels copy(a[0:n])
    {
        /* Joined into one serial kernel. */
        for (int i = 0; i < n; i++)
            if (a[i] < 0)
                goto second;
        for (int i = 0; i < n; i++)
            a[i] += 1;
    second:
        a[0] = 0;
        /* One kernel runs the time loop (the host would launch its
           body's loops as kernels of their own). */
        for (t = 0; t < 10; t++) {
            for (int i = 0; i < n; i++)
                a[i] += i;
            if (a[0] > t)
                goto again;
            for (int i = 0; i < n; i++)
                a[i] += 2 * i;
        again:;
        }
    }
#pragma acc parallel loop copy(a[0:n]) reduction(+:a[0:1])
    for (int i = 0; i < n; i++) {
#pragma acc loop seq reduction(+:n)
        for (int j = 0; j < 4; j++) {
            n += j;
            if (n > 100)
                goto over; // want error:"'goto over' cannot leave a loop with a reduction clause: the reduction would not combine"
        }
    over:;
    }
}

int g(int n, float *a) {
    if (n < 0)
        goto fail; // want error:"'goto fail' into a parallel construct is not supported"
#pragma acc parallel copy(a[0:n])
    {
    fail:
        a[0] = -1;
    }
    return 0;
}
