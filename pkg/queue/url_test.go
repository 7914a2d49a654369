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
