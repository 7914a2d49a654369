package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram"
)

// stubOCR answers every OCR run with one word in the middle of the page,
// so that a memory run goes all the way through the image path without
// tesseract (whose memory is its own process's).
func stubOCR(_ context.Context, _ []byte, _ int) (string, error) {
	return "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"5\t1\t1\t1\t1\t1\t100\t100\t80\t20\t95\tCheck\n", nil
}

// memRun reads one picture through the image path (OCR stubbed) and
// prints the Go heap's peak as the runtime saw it; run it under
// /usr/bin/time -v for the process's peak resident memory. prof, when
// given, is where CPU and allocation profiles go (prof.cpu, prof.heap).
func memRun(path, prof string) error {
	if prof != "" {
		runtime.MemProfileRate = 64 << 10
		f, err := os.Create(prof + ".cpu")
		if err != nil {
			return fmt.Errorf("profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("profile: %w", err)
		}
		defer pprof.StopCPUProfile()
		defer func() {
			runtime.GC() // the profile holds what the last finished cycle saw
			if h, err := os.Create(prof + ".heap"); err == nil {
				_ = pprof.Lookup("allocs").WriteTo(h, 0)
				h.Close()
			}
		}()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	start := time.Now()
	r, err := diagram.New(diagram.Options{}).ReadImage(context.Background(), b, path, stubOCR, false)
	if err != nil {
		fmt.Println("refused:", err)
	} else {
		fmt.Printf("structured %v, %d tasks\n", r.Structured, len(r.Model.Activities))
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%.1f s, heap sys %d MB, total allocated %d MB\n", time.Since(start).Seconds(), ms.HeapSys>>20, ms.TotalAlloc>>20)
	return nil
}
