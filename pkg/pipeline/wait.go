package pipeline

import "context"

// ShowWait writes text as the stage text of the live analysis being run
// (the shared rate budget's "waiting for the AI provider", and the
// analyzing text again when the wait is over).
type ShowWait func(ctx context.Context, text string)

// showWaitKey is the context key of the ShowWait of the analysis a
// context runs.
type showWaitKey struct{}

// WithShowWait returns ctx carrying show. The worker passes it to the
// steps of a live analysis: the row's stage text has one writer, which
// writes the stage marks it still holds back before the wait text, so a
// held mark never lands on top of it (worker's stageWriter).
func WithShowWait(ctx context.Context, show ShowWait) context.Context {
	return context.WithValue(ctx, showWaitKey{}, show)
}

// ShowWaitOf returns the ShowWait that ctx carries, or nil: a reprocess
// leaves the stored analysis as it is until its new result is in, so it
// shows no wait.
func ShowWaitOf(ctx context.Context) ShowWait {
	show, _ := ctx.Value(showWaitKey{}).(ShowWait)
	return show
}
