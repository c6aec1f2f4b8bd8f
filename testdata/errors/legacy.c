// errorcheck -acc=host
/* The PGI Accelerator model of seed 000 (Game of Life), translated with a
   deprecation warning. */
void step(int n, int *grid, int *next) {
#pragma acc data region copyin(grid[0:n-1]) local(next[0:n-1]) // want warning:"deprecated" warning:"'local' is deprecated; translated to 'create'"
    {
#pragma acc region // want warning:"deprecated"
        {
#pragma acc for parallel // want warning:"deprecated" warning:"clause 'parallel' is deprecated"
            for (int i = 0; i < n; i++)
                next[i] = grid[i];
        }
    }
}
