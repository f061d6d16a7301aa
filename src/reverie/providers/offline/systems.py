"""The operating systems a speaker may say they use, by the words they type for them."""

from __future__ import annotations

__all__ = ["SYSTEMS"]

SYSTEMS = {
    "fedora": "Fedora",
    "ubuntu": "Ubuntu",
    "debian": "Debian",
    "arch": "Arch Linux",
    "arch linux": "Arch Linux",
    "mint": "Linux Mint",
    "linux mint": "Linux Mint",
    "nixos": "NixOS",
    "manjaro": "Manjaro",
    "opensuse": "openSUSE",
    "windows": "Windows",
    "windows 10": "Windows 10",
    "windows 11": "Windows 11",
    "macos": "macOS",
    "mac os": "macOS",
    "rpi os": "Raspberry Pi OS",
    "rpi os lite": "Raspberry Pi OS Lite",
    "raspberry pi os": "Raspberry Pi OS",
    "raspberry pi os lite": "Raspberry Pi OS Lite",
    "chromeos": "ChromeOS",
}
