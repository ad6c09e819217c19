package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * The words of a server's management and boot trades, one pattern a kind (issue 80, decision 127):
 * what a management controller is told (its factory reset, a network boot forced, its safeguards,
 * raw power and watchdog commands, a firmware flash, Secure Boot turned off), and what a machine's
 * own boot is told (the default target, a provisioning system's erase, a PXE menu's default, an
 * initramfs built without what unlocks the root, a storage driver blocked).
 *
 * <p>Each pattern is read over a program's words joined by blanks ({@code ipmitool -H h chassis
 * bootdev pxe options=persistent}), its inline code among them (Python's {@code requests} to a
 * Redfish URL), or over a file's text written by the edit tool; none reads the disk.
 */
final class BootLexicon {
  private BootLexicon() {}

  /** A management controller put back to its factory settings: users, address, certificates. */
  static final Pattern BMC_FACTORY_RESET =
      Pattern.compile(
          "(?i)\\bracresetcfg\\b|\\bsystemerase\\b|\\bfactorydefaults\\b|\\bfactoryresetcontroller\\b"
              + "|ResetToDefaults|\\bResetBios\\b|\\bLoadDefault(?:Bmc|Bios)Cfg\\b"
              + "|\\braw\\s+0x30\\s+0x40\\b|\\bmc\\s+reset\\s+factory|\\blcwipe\\b"
              + "|\\bfactory[-_ ]?(?:reset|default)s?\\b");

  /** A network boot forced on a server: PXE or HTTP boot from the provisioning network. */
  static final Pattern BOOT_OVERRIDE =
      Pattern.compile(
          "(?i)\\bbootdev\\s+(?:pxe|net\\w*|http)\\b|\\bbootflag\\s+force_pxe\\b|boot-device=pxe"
              + "|setBootOverride\\s+\\w+\\s+(?:Pxe|UefiHttp)\\b"
              + "|BootSourceOverrideTarget\\W{1,6}(?:Pxe|UefiHttp)\\b"
              + "|FirstBootDevice\\W{1,4}(?:PXE|NIC)|BootSeq\\W{1,4}NIC|\\bbootorder\\b.{0,80}\\b(?:pxe|nic)"
              + "|\\bonetimeboot\\W{1,4}(?:pxe|nic|network)");

  /** What makes a forced network boot stay: every reset boots from the network. */
  static final Pattern BOOT_PERSISTENT =
      Pattern.compile("(?i)persistent|Continuous|FirstBootDevice|BootSeq|\\bbootorder\\b");

  /** A controller's safeguards off: thermal limits raised, cipher 0 or no auth, fans manual. */
  static final Pattern BMC_SAFEGUARD_OFF =
      Pattern.compile(
          "(?i)\\bsensor\\s+thresh\\b.{0,80}\\bupper\\b|UpperThreshold(?:Critical|Fatal)"
              + "|\\bcipher_privs\\s+[^\\sXx]|\\blan\\s+set\\s+\\d+\\s+auth\\s+\\w+\\s+\\S*none"
              + "|\\buser\\s+enable\\s+1\\b|\\braw\\s+0x30\\s+0x30\\s+0x01\\s+0x00\\b"
              + "|\\bsensor-thresholds?\\b.{0,40}--upper|ThermalShutdown\\W{1,6}(?:Disabled|false)");

  /** Raw IPMI power commands and the BMC's watchdog armed to reset or power off. */
  static final Pattern BMC_RAW_POWER =
      Pattern.compile(
          "(?i)\\braw\\s+0x0?0\\s+0x0?2\\s+0x0?[0235]\\b|\\braw\\s+0x0?6\\s+0x24\\b"
              + "|\\braw\\s+0x0?6\\s+0x0?2\\b|\"ResetType\"\\s*:\\s*\"(?:Force\\w+|PowerCycle"
              + "|Graceful\\w+|PushPowerButton|Nmi)\"|\\bbmc-watchdog\\b.{0,60}(?:-s|--set)\\b"
              + "|\\bipmi-?power\\b.{0,80}(?:--off|--cycle|--reset|--soft)\\b");

  /** Firmware flashed into a server through its controller: BIOS, BMC, CPLD. */
  static final Pattern BMC_FIRMWARE =
      Pattern.compile(
          "(?i)\\bUpdate(?:Bios|Bmc|Cpld|Fru|Psu)\\b|\\bupdate\\s+-f\\b|\\bflashfwpkg\\b"
              + "|\\bfirmwareupdate\\b|\\buploadcomp\\b|\\bhpm\\s+upgrade\\b"
              + "|UpdateService(?:\\.|/Actions/UpdateService\\.)SimpleUpdate|/UpdateService/upload"
              + "|\\bfwupdate\\b.{0,40}\\s-[gpu]\\b");

  /** Secure Boot turned off or its keys deleted through a controller or the firmware's API. */
  static final Pattern SECURE_BOOT_OFF =
      Pattern.compile(
          "(?i)SecureBootEnable\\W{1,6}false|ResetKeys|DeleteAllKeys|DeletePK"
              + "|SecureBoot\\W{1,4}Disabled|secureboot\\s+--resetallkeys|SecureBootMode\\W{1,6}(?:Setup|Audit)");

  /** A unit of systemd's that stops the machine's ordinary running: its rescue and its ends. */
  static final Pattern BROKEN_TARGET =
      Pattern.compile(
          "(?i)\\b(?:emergency|rescue|halt|poweroff|reboot|kexec|shutdown|sysinit|basic)\\.target\\b");

  /** A provisioning system told to erase the disks of a machine it releases or cleans. */
  static final Pattern PROVISIONING_ERASE =
      Pattern.compile(
          "(?i)\\b(?:secure_|quick_)?erase\\W{1,4}(?:true|1|yes)\\b|\\berase_devices\\w*"
              + "|\\bclean_step\\w*.{0,80}erase|--clean-steps.{0,200}erase");

  /** A provisioning system told to release, reinstall or forget a machine. */
  static final Pattern PROVISIONING_RELEASE =
      Pattern.compile(
          "(?i)\\bmachines?\\s+(?:\\S+\\s+){0,2}(?:release|deploy|delete|mark-broken|abort|rescue-mode)\\b"
              + "|\\bnode\\s+(?:undeploy|rebuild|clean|delete|deploy|provide|manage)\\b"
              + "|\\bnode-set-provision-state\\b|\\bhost\\s+(?:rebuild-config|delete)\\b"
              + "|--build\\W{1,3}(?:true|yes|1)\\b|--netboot-enabled\\W{1,3}(?:true|yes|1|y)\\b"
              + "|op=release|op=deploy");

  /** The kernel modules a machine needs to find and unlock its root. */
  static final String ROOT_DRIVERS =
      "(?:nvme|nvme_core|nvme-core|ahci|libahci|sd_mod|virtio_blk|virtio_scsi|virtio_pci|vmd"
          + "|dm_crypt|dm-crypt|dm_mod|dm-mod|megaraid_sas|mpt3sas|mpt2sas|hpsa|smartpqi|aacraid"
          + "|md_mod|raid1|raid456|ext4|xfs|btrfs|zfs|scsi_mod)";

  /** A driver the root needs blocked from loading: {@code install nvme /bin/false}. */
  static final Pattern DRIVER_BLOCKED =
      Pattern.compile(
          "(?im)(?:^|[\\s'\";])(?:install\\s+"
              + ROOT_DRIVERS
              + "\\s+/(?:usr/)?bin/(?:false|true)|blacklist\\s+"
              + ROOT_DRIVERS
              + "(?=\\s|$|['\";\\\\]))|\\bomit_dracutmodules\\+?=\\s*[\"']?[^\"'\\n]*\\b(?:crypt|lvm|dm"
              + "|mdraid|rootfs-block|kernel-modules|systemd)\\b|\\bomit_drivers\\+?=\\s*[\"']?[^\"'\\n]*\\b"
              + ROOT_DRIVERS
              + "\\b|\\bmodule_blacklist=\\S*\\b"
              + ROOT_DRIVERS
              + "\\b|\\bmodprobe\\.blacklist=\\S*\\b"
              + ROOT_DRIVERS
              + "\\b");

  /** The dracut modules and hooks a machine needs to find and unlock its root. */
  static final Pattern ROOT_MODULES =
      Pattern.compile(
          "(?i)(?:^|[\\s,'\"])(?:crypt|lvm|lvm2|dm|mdraid|rootfs-block|kernel-modules|systemd|encrypt"
              + "|sd-encrypt|block|filesystems|udev|base|nvme|nvme_core|ahci|sd_mod|virtio_blk|vmd"
              + "|dm_crypt|dm-crypt|dm_mod|dm-mod|md_mod)(?=$|[\\s,'\"])");

  /** A PXE or iPXE menu's text whose default or only entry installs over the disks. */
  static final Pattern PXE_INSTALL =
      Pattern.compile(
          "(?i)\\binst\\.ks=|\\bks=(?:https?|nfs|ftp|file|hd|cdrom)|\\bautoinstall\\b"
              + "|preseed/url=|\\burl=\\S+\\.(?:ks|cfg)\\b|\\bauto=true\\b|\\bwipe\\b|\\berase\\b"
              + "|\\breinstall\\b|\\bclearpart\\b|\\bignition\\.config\\.url=|\\bcoreos\\.inst\\.install_dev=");

  /** A PXE menu's default set, or no time left to choose: the entry boots itself. */
  static final Pattern PXE_DEFAULT =
      Pattern.compile(
          "(?im)^\\s*(?:set\\s+default\\s*=|default\\s+\\S|ontimeout\\s+\\S|set\\s+timeout\\s*=\\s*0\\b"
              + "|timeout\\s+0\\b|prompt\\s+0\\b|autoboot\\b|chain\\s+\\S)");

  /** A PXE menu's default that boots the local disk, as it should. */
  static final Pattern PXE_LOCAL_DEFAULT =
      Pattern.compile(
          "(?im)^\\s*(?:set\\s+default\\s*=\\s*\"?(?:local|boot-?local|localboot|hd0?|disk|0)\\b"
              + "|default\\s+(?:local|localboot|boot-?local|hd|disk)\\b|ontimeout\\s+(?:local|localboot))");

  /** Where a PXE or iPXE menu lies: a provisioning repository's or a TFTP server's. */
  static final Pattern PXE_FILE =
      Pattern.compile(
          "(?i)(?:^|/)(?:pxe\\w*|tftp\\w*|netboot|ipxe|pxelinux\\.cfg|maas|cobbler|foreman|provision\\w*)/"
              + "|\\.ipxe$|pxelinux\\.cfg/");

  /** The eBPF tools that read what others type or send in the clear. */
  static final Pattern SNOOPS =
      Pattern.compile(
          "(?i)^(?:ttysnoop|sslsniff|bashreadline|conspy|ttylog|keysniffer|ptysnoop)(?:-bpfcc|\\.py|\\.bt)?$");

  /** A bpftrace program's probe on a terminal's writes, readline or TLS's clear text. */
  static final Pattern SNOOP_PROBES =
      Pattern.compile(
          "(?i)\\b(?:tty_write|pty_write|n_tty_\\w+|tty_insert_flip_string\\w*)\\b"
              + "|(?:uretprobe|uprobe|r|p):[^:\\s]*bash:readline|(?:u(?:ret)?probe|r|p):[^:\\s]*(?:libssl|libgnutls)[^:\\s]*:"
              + "(?:SSL_read|SSL_write|gnutls_record_\\w+)");

  /** Watchdog and the controller's other settings read, not changed: what the catch-all skips. */
  static final Pattern BMC_READS =
      Pattern.compile(
          "(?i)\\b(?:print|list|info|status|get|getinfo|getsysinfo|show|summary|elist|reading|readings"
              + "|serverinfo|query|list-all|dump)\\b");

  /** A live controller's setting changed: its users, network, power policy, BIOS, event log. */
  static final Pattern BMC_CHANGE =
      Pattern.compile(
          "(?i)\\blan\\s+set\\b|\\buser\\s+(?:set|disable|priv)\\b|\\bmc\\s+(?:reset|watchdog\\s+off)\\b"
              + "|\\bchassis\\s+policy\\b|\\bsel\\s+clear\\b|\\bsol\\s+set\\b|\\bchannel\\s+setaccess\\b"
              + "|\\bracadm\\b.{0,200}\\s(?:set|racreset|config|jobqueue\\s+delete|clrsel|sslcertupload|license\\s+delete)\\b"
              + "|\\bilorest\\b.{0,200}\\s(?:set|iloreset|iloaccounts|certificate|ethernet|commit|bootorder)\\b"
              + "|\\bsum\\b.{0,200}-c\\s+(?:Change\\w+|Set\\w+|Load\\w+|Clear\\w+|Mount\\w+)"
              + "|\\braw\\s+(?:PATCH|POST|DELETE|PUT)\\b|\\b(?:patch|post|delete|put)\\s+/redfish/");
}
