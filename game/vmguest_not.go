//go:build !ebitenginevmguest

package game

const vmGuest = false
