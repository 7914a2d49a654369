package budget

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/spade-bpmn/spade/pkg/testenv"
)

// BenchmarkAcquire measures what drawing on the budget adds to an LLM call
// on a real Redis, as a ratio to one PING round trip in the same run (a
// vendor call takes seconds; the draw should cost a few round trips).
func BenchmarkAcquire(b *testing.B) {
	opt, err := redis.ParseURL(testenv.Redis(b))
	if err != nil {
		b.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	bud, err := New(rdb, Limits{RPM: 1 << 30, TPM: 1 << 40}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	bucket := BucketKey("openai", "")
	ping := time.Duration(0)
	for i := 0; i < 1000; i++ {
		t := time.Now()
		rdb.Ping(ctx)
		ping += time.Since(t)
	}
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		if _, err := bud.Acquire(ctx, Request{Bucket: bucket, Tokens: 2000}); err != nil {
			b.Fatal(err)
		}
		if err := bud.Settle(ctx, bucket, 2000, 1800); err != nil {
			b.Fatal(err)
		}
	}
	per := time.Since(start) / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(ping/1000), "x-ping")
}
