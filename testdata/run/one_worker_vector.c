// run
/* num_workers(1) with a vector length above a warp (NPB EP writes
 * num_workers(1) vector_length(256)): the one worker is the whole block,
 * so the program's vector length stands, and the worker's vector-single
 * code reaches all its lanes through block barriers. */
#include <stdio.h>

#define G 5
#define W 3
#define V 300

static double a[G][W][V], b[G][W];

int main(void) {
    double sx = 0, sy = 0;
    int n = 100000;
#pragma acc parallel loop gang worker vector num_gangs((n + 255) / 256) num_workers(1) vector_length(256) reduction(+:sx, sy)
    for (int k = 1; k <= n; k++) {
        double t = (k % 97) * 0.5;
        for (int i = 0; i < 8; i++)
            t = t * 0.5 + i;
        sx += t;
        sy += k % 3;
    }
    printf("sx %.6f sy %.0f\n", sx, sy);

#pragma acc parallel num_gangs(G) num_workers(1) vector_length(256) copyout(a, b)
    {
#pragma acc loop gang
        for (int g = 0; g < G; g++) {
#pragma acc loop worker
            for (int w = 0; w < W; w++) {
                double s = g * 10 + w; /* worker-level, vector-single */
                s = s * 2;
#pragma acc loop vector
                for (int v = 0; v < V; v++)
                    a[g][w][v] = s + v;
                double r = 0; /* a vector reduction over the whole block */
#pragma acc loop vector reduction(+:r)
                for (int v = 0; v < V; v++)
                    r += a[g][w][v] * (v % 5);
                b[g][w] = r;
            }
        }
    }
    double sum = 0;
    for (int g = 0; g < G; g++)
        for (int w = 0; w < W; w++)
            for (int v = 0; v < V; v++)
                sum += a[g][w][v] * (v % 7 + 1);
    printf("a %.1f\n", sum);
    sum = 0;
    for (int g = 0; g < G; g++)
        for (int w = 0; w < W; w++)
            sum += b[g][w] * (g + 2 * w + 1);
    printf("b %.1f\n", sum);
    return 0;
}
