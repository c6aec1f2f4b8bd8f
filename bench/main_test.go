package bench_test

import (
	"testing"

	"github.com/accc-compiler/accc/internal/acctest"
)

func TestMain(m *testing.M) { acctest.Main(m) }
