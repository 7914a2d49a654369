// Command fakellm serves a fake OpenAI-compatible model with a fixed
// latency for load tests: point SPADE_LLM_PROVIDER=openai and
// SPADE_LLM_BASE_URL=http://ADDR/v1 at it.
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"github.com/spade-bpmn/spade/bench/throughput/fakellm"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18090", "listen address")
	delay := flag.Duration("delay", 2*time.Second, "latency of every completion")
	flag.Parse()
	log.Printf("fake LLM on http://%s/v1 (delay %s)", *addr, *delay)
	log.Fatal(http.ListenAndServe(*addr, &fakellm.Server{Delay: *delay}))
}
