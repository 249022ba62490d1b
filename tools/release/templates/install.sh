#!/bin/sh
# Installs {{.Name}} {{.Version}} for you alone (no root needed), so it appears in your desktop's
# applications menu:
#   the program      -> ~/.local/bin/{{.Binary}}
#   the menu entry   -> ~/.local/share/applications/{{.ID}}.desktop
#   the icons        -> ~/.local/share/icons/hicolor/<size>/apps/{{.ID}}.png
# Run it again to update; run "./install.sh --uninstall" to remove everything it installed.
# You can also skip installing and just run ./{{.Binary}} from this folder.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bin="$HOME/.local/bin"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
id="{{.ID}}"

refresh() {
	# Tell the menu and the icon theme about the change, where those tools exist.
	if command -v update-desktop-database >/dev/null 2>&1; then
		update-desktop-database -q "$data/applications" 2>/dev/null || true
	fi
	if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/index.theme" ]; then
		gtk-update-icon-cache -q -t -f "$data/icons/hicolor" 2>/dev/null || true
	fi
	touch "$data/icons/hicolor" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
	rm -f "$bin/{{.Binary}}" "$data/applications/$id.desktop"
	for dir in "$here"/icons/hicolor/*/apps; do
		size=$(basename "$(dirname "$dir")")
		rm -f "$data/icons/hicolor/$size/apps/$id.png"
	done
	refresh
	echo "{{.Name}} is uninstalled (your settings and saves are kept)."
	exit 0
fi
if [ $# -gt 0 ]; then
	echo "usage: $0 [--uninstall]" >&2
	exit 2
fi

case "$bin" in
*[\"\`\$\\\|\&]* | *"
"*)
	echo "install.sh: your home folder's path ($HOME) has a character a menu entry cannot run;" >&2
	echo "run $here/{{.Binary}} directly instead." >&2
	exit 1
	;;
esac

mkdir -p "$bin" "$data/applications"
cp "$here/{{.Binary}}" "$bin/{{.Binary}}.new"
chmod 0755 "$bin/{{.Binary}}.new"
mv -f "$bin/{{.Binary}}.new" "$bin/{{.Binary}}"
for dir in "$here"/icons/hicolor/*/apps; do
	size=$(basename "$(dirname "$dir")")
	mkdir -p "$data/icons/hicolor/$size/apps"
	cp "$dir/$id.png" "$data/icons/hicolor/$size/apps/$id.png"
done
# The menu entry runs the installed program by its full path: ~/.local/bin is not always on the
# PATH a desktop session uses.
sed "s|^Exec=.*|Exec=\"$bin/{{.Binary}}\"|" "$here/$id.desktop" >"$data/applications/$id.desktop"
chmod 0644 "$data/applications/$id.desktop"
refresh

echo "{{.Name}} is installed: find it in your applications menu, or run $bin/{{.Binary}}"
case ":$PATH:" in
*":$bin:"*) ;;
*) echo "(add $bin to your PATH to start it by typing {{.Binary}})" ;;
esac
