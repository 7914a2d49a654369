// Command openapigen writes the OpenAPI document of the /api surface to
// api/openapi.json (run by `go generate ./api`); the web app's types are
// generated from that file (ui: npm run gen:api).
package main

import (
	"fmt"
	"os"

	"github.com/spade-bpmn/spade/api"
)

func main() {
	b, err := api.OpenAPIJSON()
	if err == nil {
		// go generate runs in the package's directory.
		err = os.WriteFile(api.OpenAPIFile, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapigen:", err)
		os.Exit(1)
	}
}
