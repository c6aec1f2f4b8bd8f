// errorcheck -acc=multicore
/* break may not leave a partitioned loop: a loop construct's trip count
   must be computable when it starts (OpenACC 3.4 §2.9), on every target.
   Loops that stay sequential may break; continue ends one iteration and
   is allowed everywhere. */
void f(int n, int m, float *a, const int *key) {
#pragma acc parallel loop copy(a[0:n])
    for (int i = 0; i < n; i++) {
        if (a[i] < 0) break; // want error:"'break' cannot leave a partitioned loop (gang, vector): the trip count of a loop construct must be computable when the loop starts (OpenACC 3.4 §2.9); add 'seq'"
        if (a[i] > 1) continue;
        a[i] *= 2;
    }
#pragma acc parallel copy(a[0:n*m]) copyin(key[0:m])
    {
#pragma acc loop gang
        for (int i = 0; i < n; i++) {
#pragma acc loop vector
            for (int j = 0; j < m; j++) {
                if (a[i * m + j] == 0) break; // want error:"'break' cannot leave a partitioned loop (vector)"
                a[i * m + j] += 1;
            }
            if (i == 7) break; // want error:"'break' cannot leave a partitioned loop (gang)"
        }
#pragma acc loop collapse(2)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                if (key[j] == i) break; // want error:"'break' cannot leave a partitioned loop (gang, vector)"
    }
#pragma acc kernels loop independent copy(a[0:n])
    for (int i = 0; i < n; i++)
        if (a[i] == 3) break; // want error:"'break' cannot leave a partitioned loop (gang, vector)"

    /* Sequential loops may break. */
#pragma acc parallel loop copy(a[0:n*m]) copyin(key[0:m])
    for (int i = 0; i < n; i++) {
#pragma acc loop seq
        for (int j = 0; j < m; j++)
            if (key[j] == i) { a[i] = j; break; }
#pragma acc loop auto
        for (int j = 0; j < m; j++)
            if (key[j] == -i) break;
        for (int j = 0; j < m; j++) /* no directive: sequential in each thread */
            if (key[j] == 2 * i) break;
        switch (key[i % m]) {
        case 0:
            break; /* leaves the switch, not the loop */
        default:
            a[i] += 1;
        }
        while (a[i] > 100) {
            a[i] /= 2;
            if (a[i] < 150) break;
        }
    }
#pragma acc kernels copy(a[0:n])
    {
#pragma acc loop
        for (int i = 0; i < n; i++) /* not independent: kept sequential */
            if (a[i] < 0) break;
        for (int i = 0; i < n; i++)
            if (a[i] > 0) break;
    }
#pragma acc serial loop copy(a[0:n])
    for (int i = 0; i < n; i++)
        if (a[i] == 1) break;
}
