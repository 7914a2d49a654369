package queue

import (
	"context"
	"errors"
	"net"
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
	client  redis.UniversalClient
	changed func(id string)
	live    func(bool)

	stop    chan struct{}
	done    chan struct{}
	stopped sync.Once

	subMu sync.Mutex
	sub   *redis.PubSub
}

// FollowChanges starts following ChangedChannel on a client of its own;
// Stop ends it.
func (q *Queue) FollowChanges(changed func(id string), live func(bool)) *ChangeFeed {
	f := &ChangeFeed{
		client:  q.Opt.MakeRedisClient().(redis.UniversalClient),
		changed: changed, live: live,
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	go f.listen()
	return f
}

// Stop unsubscribes, reports the feed not live and closes its client.
// Safe to call more than once.
func (f *ChangeFeed) Stop() {
	f.stopped.Do(func() {
		close(f.stop)
		f.subMu.Lock()
		if f.sub != nil {
			_ = f.sub.Close() // ends a Receive in progress
		}
		f.subMu.Unlock()
		<-f.done
		_ = f.client.Close()
	})
}

func (f *ChangeFeed) isStopped() bool {
	select {
	case <-f.stop:
		return true
	default:
		return false
	}
}

func (f *ChangeFeed) listen() {
	defer close(f.done)
	ctx := context.Background()
	for {
		f.subMu.Lock()
		if f.isStopped() {
			f.subMu.Unlock()
			return
		}
		sub := f.client.Subscribe(ctx, ChangedChannel)
		f.sub = sub
		f.subMu.Unlock()
		f.receive(ctx, sub)
		f.live(false)
		_ = sub.Close()
		select {
		case <-f.stop:
			return
		case <-time.After(wakeRetryPause):
		}
	}
}

// receive reads sub until it fails or Stop (the waker's health check: a
// ping after wakeHealthEvery without a message).
func (f *ChangeFeed) receive(ctx context.Context, sub *redis.PubSub) {
	pinged := false
	for {
		msg, err := sub.ReceiveTimeout(ctx, wakeHealthEvery)
		if f.isStopped() {
			return
		}
		var ne net.Error
		switch {
		case err != nil && errors.As(err, &ne) && ne.Timeout() && !pinged:
			if sub.Ping(ctx) != nil {
				return
			}
			pinged = true
		case err != nil:
			return
		default:
			pinged = false
			switch m := msg.(type) {
			case *redis.Message:
				f.changed(m.Payload)
			case *redis.Subscription:
				f.live(m.Kind == "subscribe")
			}
		}
	}
}
