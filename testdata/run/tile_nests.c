// run
/* The tile clause (OpenACC 3.4 2.9.8) strip-mines its nest into tile
   loops and element loops: every iteration runs once, whatever the sizes.
   One-, two- and three-deep nests with sizes that do not divide the trip
   counts, sizes larger than a loop, size 1, * (accc's choice), lower
   bounds other than 0, steps, <= and loops that count down; the level
   combinations (gang vector: tiles on gangs, elements on lanes; gang
   worker vector: tiles on gangs and workers; gang worker: elements on
   workers; gang alone, with a vector loop inside; worker and vector
   loops tiled inside a gang loop); num_gangs smaller than the tiles; a
   private variable and continue. Each element is written by exactly one
   iteration, and a count of the iterations (an atomic update) checks
   that none runs twice. */
#include <stdio.h>
#define R 37
#define C 45
#define D 7
int a[R][C], b[R][C][D], v[1000], w[R][C];
long count;

static long check2(int want_base) {
    long bad = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) bad += a[i][j] != want_base + i * 1000 + j;
    return bad;
}

int main(void) {
    long bad = 0;
    int i, j, k;
    /* 1-D: a size that does not divide 1000, one larger than the loop, 1, *. */
#pragma acc parallel loop tile(7) copyout(v)
    for (i = 0; i < 1000; i++) v[i] = 3 * i;
    for (i = 0; i < 1000; i++) bad += v[i] != 3 * i;
#pragma acc parallel loop tile(4096) copy(v)
    for (i = 0; i < 1000; i++) v[i] += 1;
#pragma acc parallel loop tile(1) copy(v)
    for (i = 0; i < 1000; i++) v[i] += 1;
#pragma acc parallel loop tile(*) copy(v)
    for (i = 0; i < 1000; i++) v[i] += 1;
    for (i = 0; i < 1000; i++) bad += v[i] != 3 * i + 3;
    printf("1-D bad %ld\n", bad);

    /* 2-D under each level combination. */
    bad = 0;
#pragma acc parallel loop gang vector tile(32, 4) copyout(a)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) a[i][j] = i * 1000 + j;
    bad += check2(0);
#pragma acc parallel loop gang worker vector tile(8, 8) num_workers(2) vector_length(32) copy(a)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) a[i][j] += 1;
    bad += check2(1);
#pragma acc parallel loop gang worker tile(5, 3) copy(a)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) a[i][j] += 1;
    bad += check2(2);
#pragma acc parallel loop tile(*, *) num_gangs(3) copy(a)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) a[i][j] += 1;
    bad += check2(3);
#pragma acc parallel loop tile(16, *) copy(a)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) a[i][j] += 1;
    bad += check2(4);
    /* gang on the tiles, a vector loop inside each element. */
#pragma acc parallel loop gang tile(4, 4) copyout(b, w)
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) {
            w[i][j] = i - j;
#pragma acc loop vector
            for (k = 0; k < D; k++) b[i][j][k] = i * 100 + j * 10 + k;
        }
    /* worker and vector tiled loops inside a gang loop. */
#pragma acc parallel loop gang copy(a)
    for (i = 0; i < R; i++) {
#pragma acc loop vector tile(8)
        for (j = 0; j < C; j++) a[i][j] += 1;
#pragma acc loop worker tile(3)
        for (j = 0; j < C; j++) a[i][j] += 1;
    }
    bad += check2(6);
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++) {
            bad += w[i][j] != i - j;
            for (k = 0; k < D; k++) bad += b[i][j][k] != i * 100 + j * 10 + k;
        }
    printf("2-D bad %ld\n", bad);

    /* 3-D with bounds that do not start at 0, a step, <=, a loop that
       counts down, a private variable, continue, and a count of the
       iterations. */
    bad = 0;
    count = 0;
#pragma acc parallel loop tile(2, 3, 4) private(k) copy(b, count)
    for (int x = 2; x <= R + 1; x++)
        for (int y = C - 1; y >= 0; y--)
            for (int z = 1; z < 2 * D; z += 2) {
                k = (z - 1) / 2;
#pragma acc atomic update
                count++;
                if ((x + y + k) % 5 == 0)
                    continue;
                b[x - 2][y][k] += 1;
            }
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            for (k = 0; k < D; k++)
                bad += b[i][j][k] != i * 100 + j * 10 + k + ((i + 2 + j + k) % 5 != 0);
    printf("3-D bad %ld iterations %ld\n", bad, count);
    return 0;
}
