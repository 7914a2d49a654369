package builtin

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	fmt.Printf("%+v\n", parseClause(os.Getenv("ZZ"), "item"))
}
