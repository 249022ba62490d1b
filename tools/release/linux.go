package main

import (
	"fmt"
	"os"
	"path/filepath"

	"principe/assets/icon/art"
)

// desktopData fills templates/app.desktop and templates/install.sh.
type desktopData struct {
	Name, ID, Exec, Binary, Version string
}

// linux builds the tarball for one architecture. Everything sits in one folder named like the
// tarball:
//
//	principe                                        the program
//	org.principe.Principe.desktop                   the menu entry
//	icons/hicolor/NxN/apps/org.principe.Principe.png the icon at every hicolor size
//	install.sh                                      copies them under ~/.local (or --uninstall)
func (r *release) linux(arch string) ([]string, error) {
	tmp, err := os.MkdirTemp("", "principe-linux-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, binaryName)
	if err := r.goBuild("linux", arch, bin, ""); err != nil {
		return nil, err
	}
	program, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	data := desktopData{Name: appName, ID: appID, Exec: binaryName, Binary: binaryName, Version: r.version}
	desktop, err := render("app.desktop", data)
	if err != nil {
		return nil, err
	}
	install, err := render("install.sh", data)
	if err != nil {
		return nil, err
	}
	files := []entry{
		{Name: binaryName, Data: program, Mode: 0o755},
		{Name: appID + ".desktop", Data: desktop, Mode: 0o644},
		{Name: "install.sh", Data: install, Mode: 0o755},
	}
	for _, size := range art.HicolorSizes {
		png, err := os.ReadFile(filepath.Join(r.root, "assets", "icon", art.PNGName(size)))
		if err != nil {
			return nil, err
		}
		name := fmt.Sprintf("icons/hicolor/%dx%d/apps/%s.png", size, size, appID)
		files = append(files, entry{Name: name, Data: png, Mode: 0o644})
	}
	base := r.artifactName("linux-" + arch)
	tarPath := filepath.Join(r.out, base+".tar.gz")
	return []string{tarPath}, writeTarGz(tarPath, under(base, files), r.stamp)
}
