// minfo -acc=gpu -Minfo=accel
// Integer constant expressions in schedule clauses may use enumeration
// constants: collapse, vector_length and num_workers are honoured.
enum { C = 2, V = 64, W = 2 };
double a[100][100];
void f(void) {
#pragma acc parallel loop collapse(C) vector_length(V) // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(a[:][:]) [if not already present]"
    for (int i = 0; i < 100; i++) // want remark:"#pragma acc loop gang, vector(64) collapse(2) /* blockIdx.x threadIdx.x */"
        for (int j = 0; j < 100; j++) // want remark:"  /* collapsed */"
            a[i][j] = i + j;
#pragma acc parallel loop gang num_workers(W) // want remark:"Generating NVIDIA GPU code" remark:"Generating implicit copy(a[:][:]) [if not already present]"
    for (int i = 0; i < 100; i++) { // want remark:"#pragma acc loop gang /* blockIdx.x */"
#pragma acc loop worker
        for (int j = 0; j < 100; j++) // want remark:"#pragma acc loop worker(2) /* threadIdx.y */"
            a[i][j] += 1;
    }
}
