package queue

import (
	"reflect"
	"testing"

	"github.com/hibiken/asynq"
)

func TestParseURL(t *testing.T) {
	tests := []struct {
		url  string
		want asynq.RedisConnOpt
		ok   bool
	}{
		{"redis://127.0.0.1:6379/2", asynq.RedisClientOpt{Addr: "127.0.0.1:6379", DB: 2}, true},
		{"redis-sentinel://s1:26379,s2:26380,s3?master=spade",
			asynq.RedisFailoverClientOpt{MasterName: "spade", SentinelAddrs: []string{"s1:26379", "s2:26380", "s3:26379"}}, true},
		{"redis-sentinel://:sp@s1:26379/3?master=spade&password=pp",
			asynq.RedisFailoverClientOpt{MasterName: "spade", SentinelAddrs: []string{"s1:26379"}, SentinelPassword: "sp", Password: "pp", DB: 3}, true},
		{"redis-sentinel://s1:26379", nil, false},
		{"redis-sentinel://s1:26379/x?master=m", nil, false},
		{"http://x", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			got, err := ParseURL(tt.url)
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %#v, want %#v", got, tt.want)
			}
		})
	}
}

// FuzzParseURL: any string is either refused or gives a usable option;
// a sentinel option always names a master and at least one sentinel.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{"redis://127.0.0.1:6379/0", "redis-sentinel://a:1,b?master=m", "redis-sentinel://:p@a/2?master=m&password=q", "redis-sentinel://", "rediss://x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opt, err := ParseURL(s)
		if err != nil {
			return
		}
		if fo, ok := opt.(asynq.RedisFailoverClientOpt); ok {
			if fo.MasterName == "" || len(fo.SentinelAddrs) == 0 || fo.DB < 0 {
				t.Fatalf("ParseURL(%q) = %#v", s, fo)
			}
		}
	})
}
