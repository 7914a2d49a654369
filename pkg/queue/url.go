package queue

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
)

// ParseURL reads SPADE_REDIS_URL: redis://, rediss:// (asynq's parser) or
// redis-sentinel://[:sentinel-password@]host:port,host:port[/db]?master=NAME[&password=P]
// for Redis Sentinel. asynq's own sentinel parser knows neither the
// primary's password nor the database, so SPADE reads those itself.
func ParseURL(raw string) (asynq.RedisConnOpt, error) {
	const scheme = "redis-sentinel://"
	if !hasPrefixFold(raw, "redis-sentinel:") {
		opt, err := asynq.ParseRedisURI(raw)
		if err != nil {
			return nil, fmt.Errorf("redis url: %w", err)
		}
		return opt, nil
	}
	if !hasPrefixFold(raw, scheme) {
		return nil, errors.New("redis url: want redis-sentinel://host:port,host:port?master=NAME")
	}
	// net/url rejects a list of hosts whose last one has no port, so the
	// authority is split by hand and only the query goes through net/url.
	rest, rawQuery, _ := strings.Cut(raw[len(scheme):], "?")
	authority, path, _ := strings.Cut(rest, "/")
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, fmt.Errorf("redis-sentinel url: %w", err)
	}
	opt := asynq.RedisFailoverClientOpt{MasterName: q.Get("master"), Password: q.Get("password")}
	if opt.MasterName == "" {
		return nil, errors.New("redis-sentinel url needs ?master=NAME (the name the sentinels monitor)")
	}
	if i := strings.LastIndex(authority, "@"); i >= 0 {
		if _, pw, ok := strings.Cut(authority[:i], ":"); ok {
			if opt.SentinelPassword, err = url.PathUnescape(pw); err != nil {
				return nil, fmt.Errorf("redis-sentinel url: password: %w", err)
			}
		}
		authority = authority[i+1:]
	}
	for _, a := range strings.Split(authority, ",") {
		if a == "" {
			continue
		}
		if !strings.Contains(a, ":") {
			a += ":26379"
		}
		opt.SentinelAddrs = append(opt.SentinelAddrs, a)
	}
	if len(opt.SentinelAddrs) == 0 {
		return nil, errors.New("redis-sentinel url needs at least one sentinel host:port")
	}
	if path != "" {
		n, err := strconv.Atoi(path)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("redis-sentinel url: database %q is not a number", path)
		}
		opt.DB = n
	}
	return opt, nil
}

// hasPrefixFold is strings.HasPrefix ignoring case (URL schemes are).
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
