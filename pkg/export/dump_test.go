package export

import (
	"os"
	"testing"
)

func TestDumpPDF(t *testing.T) {
	dir := os.Getenv("SPADE_EXPORT_DUMP")
	if dir == "" {
		t.Skip("set SPADE_EXPORT_DUMP to write sample exports")
	}
	r := sampleRequest(t)
	for _, typ := range Formats {
		data, _, name, err := Export(typ, r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
