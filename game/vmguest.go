//go:build ebitenginevmguest

package game

// vmGuest is true in a build made with -tags ebitenginevmguest (driven by exp/vmhost, as the end-to-end
// tests do): its audio goes to the host's virtual device, so no probe is needed.
const vmGuest = true
