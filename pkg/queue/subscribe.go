package queue

import (
	"context"
	"errors"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// How a listener watches its subscription: a ping after this long
// without a message, and a fresh subscription when the ping goes
// unanswered for as long again (a connection that died silently, as after
// a Sentinel failover to another host).
const (
	listenHealthEvery = 30 * time.Second
	listenRetryPause  = time.Second
)

// listener keeps one Redis channel subscribed until stopped: the Waker
// and the ChangeFeed share it and differ only in what they do with a
// message, a confirmed subscription and a subscription that ended.
type listener struct {
	client  redis.UniversalClient
	channel string

	// message is called with every message, subscribed with every
	// subscription confirmation (again after each resubscription) and
	// ended as soon as a subscription failed or ended (halt included),
	// before the pause and the next subscription.
	message    func(*redis.Message)
	subscribed func(*redis.Subscription)
	ended      func()

	stop    chan struct{}
	done    chan struct{}
	stopped sync.Once
	started sync.Once

	subMu sync.Mutex
	sub   *redis.PubSub
}

func newListener(client redis.UniversalClient, channel string) *listener {
	return &listener{client: client, channel: channel, stop: make(chan struct{}), done: make(chan struct{})}
}

// start runs the listener in a goroutine of its own (once).
func (l *listener) start() {
	l.started.Do(func() { go l.run() })
}

// halt ends the subscription and waits for the listener to return if it
// was started. Safe to call more than once.
func (l *listener) halt() {
	l.stopped.Do(func() {
		close(l.stop)
		l.subMu.Lock()
		if l.sub != nil {
			_ = l.sub.Close() // ends a Receive in progress
		}
		l.subMu.Unlock()
		l.started.Do(func() { close(l.done) }) // never started: nothing to wait for
		<-l.done
	})
}

func (l *listener) isStopped() bool {
	select {
	case <-l.stop:
		return true
	default:
		return false
	}
}

// run subscribes again after every failure until halt.
func (l *listener) run() {
	defer close(l.done)
	ctx := context.Background()
	for {
		l.subMu.Lock()
		if l.isStopped() {
			l.subMu.Unlock()
			return
		}
		sub := l.client.Subscribe(ctx, l.channel)
		l.sub = sub
		l.subMu.Unlock()
		l.receive(ctx, sub)
		l.ended()
		_ = sub.Close()
		select {
		case <-l.stop:
			return
		case <-time.After(listenRetryPause):
		}
	}
}

// receive reads sub until it fails or halt.
func (l *listener) receive(ctx context.Context, sub *redis.PubSub) {
	pinged := false
	for {
		msg, err := sub.ReceiveTimeout(ctx, listenHealthEvery)
		if l.isStopped() {
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
				l.message(m)
			case *redis.Subscription:
				l.subscribed(m)
			}
		}
	}
}
