// minfo -acc=gpu -Minfo=accel
/* -Minfo for gangs in several dimensions (OpenACC 3.3 §2.9.2): each
   gang(dim:n) loop with the grid dimension it runs on. */
void f(int n, int m, double *a) {
#pragma acc parallel loop gang(dim:2) num_gangs(16, 8) copy(a[0:n * m]) // want remark:"Generating NVIDIA GPU code" remark:"Generating copy(a[:n*m]) [if not already present]"
    for (int i = 0; i < n; i++) { // want remark:"#pragma acc loop gang(dim:2) /* blockIdx.y */"
#pragma acc loop gang vector
        for (int j = 0; j < m; j++) // want remark:"#pragma acc loop gang, vector(128) /* blockIdx.x threadIdx.x */"
            a[i * m + j] *= 2;
    }
}
