// run
/* Atomic capture (OpenACC 3.4 §2.12): each iteration takes a unique slot
   of an output array from a shared counter (v = x++), and the other
   capture forms (v = x binop= expr, v = x = x binop expr, the structured
   blocks before and after the update, the swap block) on integer, short
   and floating counters; atomic read and write of single values. The
   slots taken are a permutation, so sorted results print the same on
   every run. */
#include <stdio.h>
#define N 3000

int main(void) {
    int next = 0, slot[N], taken[N], owner[N];
    int before = 0, after = 0, blockold = 0, blocknew = 0;
    int capb[N], capa[N], capo[N], capn[N];
    short snext = 0;
    int sslot[N];
    double dnext = 0;
    double dslot[N];
    long swapcell = -1;
    long swapped[N];
    int flag = 0, seen[N];
    for (int i = 0; i < N; i++)
        taken[i] = 0;

#pragma acc parallel loop copy(next, before, after, blockold, blocknew, snext, dnext, swapcell, flag) copyout(slot[0:N], capb[0:N], capa[0:N], capo[0:N], capn[0:N], sslot[0:N], dslot[0:N], swapped[0:N], seen[0:N])
    for (int i = 0; i < N; i++) {
        int s;
#pragma acc atomic capture
        s = next++;
        slot[i] = s;
#pragma acc atomic capture
        capb[i] = before += 2;
#pragma acc atomic capture
        capa[i] = after = after + 3;
#pragma acc atomic capture
        {
            capo[i] = blockold;
            blockold += 5;
        }
#pragma acc atomic capture
        {
            blocknew = blocknew + 7;
            capn[i] = blocknew;
        }
#pragma acc atomic capture
        sslot[i] = snext++;
#pragma acc atomic capture
        {
            dslot[i] = dnext;
            dnext += 1.0;
        }
#pragma acc atomic capture
        {
            swapped[i] = swapcell;
            swapcell = i;
        }
        if (i == N / 2) {
#pragma acc atomic write
            flag = 42;
        }
#pragma acc atomic read
        seen[i] = flag;
    }

    int perm = 1;
    for (int i = 0; i < N; i++)
        taken[i] = 0;
    for (int i = 0; i < N; i++) {
        if (slot[i] < 0 || slot[i] >= N || taken[slot[i]]++)
            perm = 0;
    }
    int ok2 = 1, ok3 = 1, ok5 = 1, ok7 = 1, oks = 1, okd = 1;
    for (int i = 0; i < N; i++)
        owner[i] = 0;
    for (int i = 0; i < N; i++) {
        ok2 &= capb[i] % 2 == 0 && capb[i] >= 2 && capb[i] <= 2 * N;
        ok3 &= capa[i] % 3 == 0 && capa[i] >= 3 && capa[i] <= 3 * N;
        ok5 &= capo[i] % 5 == 0 && capo[i] >= 0 && capo[i] < 5 * N;
        ok7 &= capn[i] % 7 == 0 && capn[i] >= 7 && capn[i] <= 7 * N;
        oks &= sslot[i] >= 0 && sslot[i] < N;
        okd &= dslot[i] >= 0 && dslot[i] < N && dslot[i] == (int)dslot[i];
        if (capo[i] >= 0 && capo[i] < 5 * N)
            owner[capo[i] / 5]++;
    }
    int unique5 = 1;
    for (int i = 0; i < N; i++)
        unique5 &= owner[i] == 1;
    /* The swap chain: every value but the last one stored is taken once. */
    int swaps = 0;
    for (int i = 0; i < N; i++)
        swaps += swapped[i] == -1;
    int seenflag = 0;
    for (int i = 0; i < N; i++)
        seenflag |= seen[i] != 0 && seen[i] != 42;
    printf("next %d permutation %d\n", next, perm);
    printf("before %d after %d blockold %d blocknew %d snext %d dnext %.0f\n", before, after, blockold, blocknew, snext, dnext);
    printf("ranges %d %d %d %d %d %d unique %d\n", ok2, ok3, ok5, ok7, oks, okd, unique5);
    printf("initial swaps %d last in range %d flag %d bad reads %d\n", swaps, swapcell >= 0 && swapcell < N, flag, seenflag);
    return 0;
}
