package queue

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// ChangedChannel is the Redis pub/sub channel on which a write to an
// analysis row (a worker's stage, result, failure or diagram) names the
// analysis, so that an api process drops its cached answer for it at once
// (api: the answers of unfinished analyses are cached while the feed is
// live).
const ChangedChannel = "spade:analysis:changed"

// changedPublishTimeout bounds one publish: a change that cannot be
// published is only seen later (the api's cache entries of unfinished
// analyses live a second), never lost.
const changedPublishTimeout = time.Second

// PublishChanged says that analysis id changed. Best effort: an error is
// dropped (see changedPublishTimeout).
func (q *Queue) PublishChanged(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), changedPublishTimeout)
	defer cancel()
	_ = q.Redis.Publish(ctx, ChangedChannel, id).Err()
}

// ChangeFeed follows ChangedChannel: changed is called with every analysis
// id published, live(true) once the subscription is confirmed (again after
// each resubscription) and live(false) as soon as it fails or ends, before
// any message could be missed unseen: a follower caches only while live.
type ChangeFeed struct {
	client redis.UniversalClient
	listen *listener
	closed sync.Once
}

// FollowChanges starts following ChangedChannel on a client of its own;
// Stop ends it.
func (q *Queue) FollowChanges(changed func(id string), live func(bool)) *ChangeFeed {
	f := &ChangeFeed{client: q.Opt.MakeRedisClient().(redis.UniversalClient)}
	f.listen = newListener(f.client, ChangedChannel)
	f.listen.message = func(m *redis.Message) { changed(m.Payload) }
	f.listen.subscribed = func(m *redis.Subscription) { live(m.Kind == "subscribe") }
	f.listen.ended = func() { live(false) }
	f.listen.start()
	return f
}

// Stop unsubscribes, reports the feed not live and closes its client.
// Safe to call more than once.
func (f *ChangeFeed) Stop() {
	f.closed.Do(func() {
		f.listen.halt()
		_ = f.client.Close()
	})
}
