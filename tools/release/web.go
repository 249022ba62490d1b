package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"principe/assets/icon/art"
)

// webData fills templates/index.html.
type webData struct {
	Name, Version, WasmFile string
	WasmSize                int64
}

// wasmName is the program's file name in the web folder.
const wasmName = "principe.wasm"

// web builds the WebAssembly program into dist/web with the page that loads it (index.html, which
// shows a loading bar), Go's wasm_exec.js glue and the icons, and zips the folder for upload.
// Settings, saves and high scores live in the browser's localStorage (package game does that on
// js/wasm); Ebitengine starts sound after the first click or key press, as browsers require.
func (r *release) web() ([]string, error) {
	dir := filepath.Join(r.out, "web")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	wasm := filepath.Join(dir, wasmName)
	if err := r.goBuild("js", "wasm", wasm, ""); err != nil {
		return nil, err
	}
	if err := os.Chmod(wasm, 0o644); err != nil { // data for the browser, not a program to run here
		return nil, err
	}
	fi, err := os.Stat(wasm)
	if err != nil {
		return nil, err
	}
	glue, err := wasmExecJS()
	if err != nil {
		return nil, err
	}
	page, err := renderHTML("index.html", webData{
		Name:     appName,
		Version:  r.version,
		WasmFile: wasmName + "?v=" + r.version, // a new version is never served from an old cache
		WasmSize: fi.Size(),
	})
	if err != nil {
		return nil, err
	}
	files := []entry{{Name: "index.html", Data: page, Mode: 0o644}, {Name: "wasm_exec.js", Data: glue, Mode: 0o644}}
	for _, size := range []int{32, 256} {
		png, err := os.ReadFile(filepath.Join(r.root, "assets", "icon", art.PNGName(size)))
		if err != nil {
			return nil, err
		}
		files = append(files, entry{Name: filepath.Base(art.PNGName(size)), Data: png, Mode: 0o644})
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, f.Mode); err != nil {
			return nil, err
		}
	}
	program, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	files = append(files, entry{Name: wasmName, Data: program, Mode: 0o644})
	zipPath := filepath.Join(r.out, r.artifactName("web")+".zip")
	if err := writeZip(zipPath, files, r.stamp); err != nil {
		return nil, err
	}
	return []string{zipPath, wasm}, nil
}

// wasmExecJS reads the JavaScript glue of the Go toolchain doing the build (Go 1.24 moved it
// from misc/wasm to lib/wasm).
func wasmExecJS() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, err
	}
	goroot := strings.TrimSpace(string(out))
	data, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if os.IsNotExist(err) {
		data, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js"))
	}
	return data, err
}
