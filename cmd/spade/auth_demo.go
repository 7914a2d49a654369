package main

import "github.com/spade-bpmn/spade/api"

func init() {
	apiExtensions = append(apiExtensions, func(a *App, d *api.Deps) error {
		demo := &api.DemoAPI{Wait: a.Cfg.DemoWait}
		d.Mounts = append(d.Mounts, demo.Mount)
		return nil
	})
}
