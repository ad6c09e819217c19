package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The words of the book's {@code windows} rules (issue 80, round 9, decision 137): what the Windows
 * side of a WSL laptop, its domain and its device management say when a protection is switched off,
 * a secret is dumped, a door is opened or the machine is given to someone else, in the spellings of
 * PowerShell, cmd, {@code reg}, {@code sc}, {@code .reg} files and Graph. Each kind is a pattern
 * over a program's whole text ({@link WindowsCode}); {@link WindowsPredicates} asks them.
 */
final class WindowsTexts {
  private WindowsTexts() {}

  /** A registry value set to 0: {@code /d 0}, {@code -Value 0}, {@code =dword:00000000}. */
  private static final String ZERO =
      "(?:/d\\s+['\"]?0(?:x0+)?['\"]?(?![\\w.])|-Value\\s+['\"]?0['\"]?(?![\\w.])"
          + "|=\\s*dword:0{1,8}(?![\\w.])|=\\s*0(?![\\w.]))";

  /** A registry value set to 1: {@code /d 1}, {@code -Value 1}, {@code =dword:00000001}. */
  private static final String ONE =
      "(?:/d\\s+['\"]?(?:0x)?0*1['\"]?(?![\\w.])|-Value\\s+['\"]?1['\"]?(?![\\w.])"
          + "|=\\s*dword:0{0,7}1(?![\\w.])|=\\s*(?:1|\\$true)(?![\\w.]))";

  /** A value's name, then within a short reach its setting. */
  private static String set(String names, String value) {
    return "(?:" + names + ")['\"]?[^;|&\\n]{0,80}?" + value;
  }

  /** Defender switched off, excluded wholesale, stopped or stripped of its definitions. */
  static final Pattern DEFENDER_OFF =
      Pattern.compile(
          "(?i)(?:Set|Add)-MpPreference\\b[^;|\\n]{0,400}?-Disable[A-Za-z]+(?::|\\s)\\s*"
              + "(?:\\$true|1)\\b"
              + "|MSFT_MpPreference[\\s\\S]{0,400}?Disable[A-Za-z]+\\s*=\\s*(?:\\$true|1)\\b"
              + "|Windows Defender[\\s\\S]{0,400}?"
              + set(
                  "DisableAntiSpyware|DisableAntiVirus|DisableRealtimeMonitoring"
                      + "|DisableOnAccessProtection|DisableBehaviorMonitoring|DisableIOAVProtection"
                      + "|DisableScriptScanning|DisableScanOnRealtimeEnable|TamperProtection",
                  ONE)
              + "|(?:^|\\s)-RemoveDefinitions\\b"
              + "|(?:^|[\\s;&|])(?:stop|delete)\\s+['\"]?(?:WinDefend|Sense|WdNisSvc|WdFilter)\\b"
              + "|(?:WinDefend|WdNisSvc|WdFilter|Sense)['\"]?\\s+start=\\s*disabled"
              + "|(?:Stop|Disable|Set)-Service\\b[^;|\\n]{0,120}\\bWinDefend\\b"
              + "|Uninstall-WindowsFeature\\b[^;|\\n]{0,80}Windows-Defender");

  /** A Defender exclusion added: whatever lies there is never scanned again. */
  static final Pattern DEFENDER_EXCLUDED =
      Pattern.compile(
          "(?i)(?:Set|Add)-MpPreference\\b[^;|\\n]{0,400}?-Exclusion(?:Path|Process|Extension"
              + "|IpAddress)\\b"
              + "|MSFT_MpPreference[\\s\\S]{0,400}?Exclusion(?:Path|Process|Extension)\\s*="
              + "|Windows Defender\\\\Exclusions\\\\");

  /** UAC, LSA protection, Credential Guard, WDigest, AMSI, the firewall, SmartScreen off. */
  static final Pattern PROTECTION_OFF =
      Pattern.compile(
          "(?i)"
              + set(
                  "EnableLUA|ConsentPromptBehaviorAdmin|PromptOnSecureDesktop|RunAsPPL"
                      + "|LsaCfgFlags|EnableVirtualizationBasedSecurity"
                      + "|HypervisorEnforcedCodeIntegrity|EnableSmartScreen|SmartScreenEnabled"
                      + "|RestrictAnonymous|EnableScriptBlockLogging",
                  ZERO)
              + "|"
              + set("UseLogonCredential|DisableRestrictedAdmin|LocalAccountTokenFilterPolicy", ONE)
              + "|AmsiUtils|amsiInitFailed|AmsiScanBuffer|amsiContext"
              + "|Set-NetFirewallProfile\\b[^;|\\n]{0,200}-Enabled\\s*:?\\s*['\"]?"
              + "(?:False|\\$false|0)\\b"
              + "|advfirewall\\s+set\\s+\\w+\\s+state\\s+off"
              + "|(?:^|[\\s;&|])(?:stop|delete)\\s+['\"]?(?:MpsSvc|EventLog|Sysmon64|Sysmon)\\b"
              + "|Set-MpPreference\\b[^;|\\n]{0,200}-EnableNetworkProtection\\s+Disabled"
              + "|(?:^|[\\s;&|])cl\\s+['\"]?(?:Security|System|Application"
              + "|Microsoft-Windows-[^'\"\\s]+)"
              + "|Clear-EventLog\\b|Limit-EventLog\\b[^;|\\n]{0,120}-MaximumSize\\s+[0-9]{1,5}\\b"
              + "|auditpol(?:\\.exe)?\\s+/clear|/success:disable\\s+/failure:disable");

  /** The boot made to skip its protections: safe mode, test signing, no integrity checks. */
  static final Pattern BOOT_WEAKENED =
      Pattern.compile(
          "(?i)/set\\s+(?:['\"]?\\{[\\w-]*\\}['\"]?\\s+)?(?:safeboot|testsigning\\s+(?:on|yes)"
              + "|nointegritychecks\\s+(?:on|yes)|recoveryenabled\\s+(?:no|off|0)"
              + "|bootstatuspolicy\\s+ignoreallfailures|disableelamdrivers\\s+(?:yes|on)"
              + "|loadoptions\\s+\\S*DISABLE_INTEGRITY_CHECKS)");

  /** Windows Update stopped or disabled. */
  static final Pattern UPDATES_OFF =
      Pattern.compile(
          "(?i)(?:^|[\\s;&|])(?:stop|delete)\\s+['\"]?(?:wuauserv|UsoSvc|WaaSMedicSvc)\\b"
              + "|(?:wuauserv|UsoSvc|WaaSMedicSvc)['\"]?\\s+start=\\s*disabled"
              + "|(?:Stop|Disable|Set)-Service\\b[^;|\\n]{0,120}\\b(?:wuauserv|UsoSvc"
              + "|WaaSMedicSvc)\\b[^;|\\n]{0,120}(?:Disabled|\\bStop)"
              + "|Stop-Service\\b[^;|\\n]{0,120}\\b(?:wuauserv|UsoSvc|WaaSMedicSvc)\\b"
              + "|"
              + set("NoAutoUpdate|DisableWindowsUpdateAccess|SetDisableUXWUAccess", ONE));

  /** The Mark of the Web taken off: Zone.Identifier streams deleted, or never written. */
  static final Pattern MARK_STRIPPED =
      Pattern.compile(
          "(?i)(?:-delete\\b|Remove-Item\\b|\\brm\\b|\\bdel\\b|-Stream)[\\s\\S]{0,300}"
              + "Zone\\.Identifier|Zone\\.Identifier[\\s\\S]{0,300}(?:-delete\\b|-exec\\s+rm\\b"
              + "|Remove-Item\\b|\\brm\\b)|\\|\\s*Unblock-File\\b|Unblock-File\\b[^;|\\n]{0,200}\\*"
              + "|"
              + set(
                  "SaveZoneInformation", "(?:/d\\s+['\"]?(?:0x)?0*1\\b|-Value\\s+1\\b|dword:0*1)"));

  /** A file's Zone.Identifier stream named, as WSL shows it ({@code setup.exe:Zone.Identifier}). */
  static final Pattern ZONE_FILE = Pattern.compile("(?i):Zone\\.Identifier\\b");

  /** A WSL distro's (or Docker Desktop's) virtual disk named. */
  static final Pattern WSL_DISK = Pattern.compile("(?i)\\bext4\\.vhdx\\b");

  /** Remote Desktop opened, Network Level Authentication off, WinRM open to any host. */
  static final Pattern REMOTE_ACCESS_ON =
      Pattern.compile(
          "(?i)"
              + set("fDenyTSConnections", ZERO)
              + "|Terminal Server[\\s\\S]{0,300}?"
              + set("UserAuthentication|SecurityLayer", ZERO)
              + "|group=\\s*['\"]?remote desktop['\"]?\\s+new\\s+enable=\\s*yes"
              + "|Enable-NetFirewallRule\\b[^;|\\n]{0,120}Remote\\s*Desktop"
              + "|TrustedHosts['\"]?\\s[^;|\\n]{0,80}?['\"]\\*['\"]"
              + "|\\bhost\\b[^;|\\n]{0,200}--allow-anonymous"
              + "|Enable-PSRemoting\\b[^;|\\n]{0,120}-SkipNetworkProfileCheck");

  /**
   * A remote-desktop tool installed silently: unattended access outside IT's tooling. The products'
   * names are {@link RemoteControlTools}' (session 16), read on Linux and over ssh too.
   */
  static final Pattern REMOTE_TOOL_INSTALLED =
      Pattern.compile(
          "(?i)(?:msiexec|winget|choco|scoop|Start-Process|Install-Package|install|/i)"
              + "\\b[\\s\\S]{0,300}?(?:"
              + RemoteControlTools.PRODUCTS
              + "|TightVNC|UltraVNC|RealVNC)");

  /** A share or an ACL giving everyone the profile, a drive, or the system's folders. */
  static final Pattern SHARED_TO_EVERYONE =
      Pattern.compile(
          "(?i)New-SmbShare\\b[^;|\\n]{0,300}-Path\\s+['\"]?(?:[A-Za-z]:\\\\?['\"]?(?:\\s|$)"
              + "|[A-Za-z]:\\\\Users\\b|\\$env:USERPROFILE|\\$HOME)"
              + "|New-SmbShare\\b[^;|\\n]{0,300}-(?:FullAccess|ChangeAccess)\\s+['\"]?"
              + "(?:Everyone|[^'\"\\s]*\\\\?Domain Users|Authenticated Users)"
              + "|(?:^|\\s)share\\s+\\S+=[A-Za-z]:\\\\\\S*\\s[^;|\\n]{0,120}/grant:\\s*['\"]?"
              + "(?:Everyone|[^,]*Domain Users)"
              + "|Grant-SmbShareAccess\\b[^;|\\n]{0,200}Everyone[^;|\\n]{0,120}Full"
              + "|(?:[A-Za-z]:\\\\(?:Windows|ProgramData|Program Files|Users)\\b|[A-Za-z]:\\\\?['\"]"
              + "?\\s)[^;|\\n]{0,200}/grant(?::r)?\\s+['\"]?(?:Everyone|\\*?S-1-1-0"
              + "|(?:BUILTIN\\\\)?Users|Authenticated Users|\\*S-1-5-11|[^'\"\\s:]*Domain Users"
              + "|Guests)['\"]?\\s*:\\s*(?:\\([A-Z]{1,2}\\))*\\(?[FMW]\\b");

  /** A local administrator made or woken. */
  static final Pattern ADMIN_ACCOUNT =
      Pattern.compile(
          "(?i)localgroup\\s+['\"]?(?:Administrators|Administratoren|Administrateurs"
              + "|Remote Desktop Users)['\"]?\\s+['\"]?[^'\"\\s]+['\"]?\\s+/add"
              + "|Add-LocalGroupMember\\b[^;|\\n]{0,200}(?:Administrators|S-1-5-32-544"
              + "|Remote Desktop Users)"
              + "|(?:^|\\s)user\\s+['\"]?(?:Administrator|Guest)['\"]?\\s+/active:\\s*yes"
              + "|Enable-LocalUser\\b[^;|\\n]{0,80}(?:Administrator|Guest)");

  /** LSASS, the SAM, NTDS or DPAPI: the machine's or the person's stored credentials dumped. */
  static final Pattern CREDENTIALS_DUMPED =
      Pattern.compile(
          "(?i)comsvcs(?:\\.dll)?['\"]?[,\\s]+#?(?:MiniDump|24)\\b"
              + "|\\blsass\\b[\\s\\S]{0,200}(?:MiniDump|-ma\\b|dump)|(?:^|\\s)-m[ap]\\s+['\"]?lsass\\b"
              + "|(?:MiniDump|procdump|Out-Minidump|createdump)[\\s\\S]{0,200}\\blsass\\b"
              + "|sekurlsa::|lsadump::|dpapi::|vault::cred|\\bmimikatz\\b|\\bpypykatz\\b"
              + "|\\blsassy\\b|\\bsecretsdump\\b"
              + "|(?:^|\\s)save\\s+['\"]?HK(?:LM|EY_LOCAL_MACHINE)\\\\(?:SAM|SECURITY|SYSTEM)\\b"
              + "|ntdsutil[\\s\\S]{0,120}\\bifm\\b|\\bntds\\.dit\\b"
              + "|ProtectedData\\]?::Unprotect|CryptUnprotectData|\\bUnprotect\\s*\\("
              + "|PasswordVault[\\s\\S]{0,300}RetrievePassword|RetrieveAll\\(\\)[\\s\\S]{0,300}"
              + "RetrievePassword|Get-StoredCredential\\b[\\s\\S]{0,200}(?:GetNetworkCredential"
              + "|Password)|vaultcmd(?:\\.exe)?\\s[^;|\\n]{0,80}/listcreds|Export-PfxCertificate\\b"
              + "|(?:^|\\s)-exportPFX\\b|\\bcrypto::(?:certificates|capi|cng)");

  /** Secrets the directory keeps: LAPS passwords, BitLocker keys, gMSA passwords, roasting. */
  static final Pattern DIRECTORY_SECRETS =
      Pattern.compile(
          "(?i)ms-Mcs-AdmPwd\\b|msLAPS-(?:Encrypted)?Password\\b|msFVE-RecoveryPassword"
              + "|msFVE-RecoveryInformation|msDS-ManagedPassword\\b|\\bunicodePwd\\b"
              + "|supplementalCredentials|\\bGetUserSPNs\\b[\\s\\S]{0,300}-request"
              + "|Invoke-Kerberoast|\\bkerberoast\\b|\\basreproast\\b|\\bGetNPUsers\\b"
              + "|lsadump::dcsync|Get-LapsADPassword\\b[^;|\\n]{0,200}-Filter|Get-ADComputer\\b"
              + "[^;|\\n]{0,300}-Filter\\s+['\"]?\\*[\\s\\S]{0,300}(?:ms-Mcs-AdmPwd|msLAPS)");

  /** One recovery secret shown: a machine's LAPS password, a volume's recovery password. */
  static final Pattern RECOVERY_SECRET_SHOWN =
      Pattern.compile(
          "(?i)Get-LapsADPassword\\b|Get-AdmPwdPassword\\b|Get-LapsAADPassword\\b"
              + "|-protectors\\s+-get\\b|KeyProtector[\\s\\S]{0,120}RecoveryPassword\\b"
              + "|/deviceLocalCredentials/|/bitlocker/recoveryKeys/[^'\"\\s?]+\\?\\$select=key");

  /** The domain's own safeguards weakened: ESC6, the tombstone, pre-auth, mass approval. */
  static final Pattern DOMAIN_WEAKENED =
      Pattern.compile(
          "(?i)EDITF_ATTRIBUTESUBJECTALTNAME2|(?:tombstoneLifetime|msDS-DeletedObjectLifetime)"
              + "['\"]?\\s*=\\s*['\"]?[0-9]{1,2}\\b"
              + "|-DoesNotRequirePreAuth\\s*:?\\s*\\$?true|-TrustedForDelegation\\s*:?\\s*\\$?true"
              + "|-TrustedToAuthForDelegation\\s*:?\\s*\\$?true"
              + "|Set-ADDefaultDomainPasswordPolicy\\b[^;|\\n]{0,300}(?:-ComplexityEnabled\\s*:?\\s*"
              + "\\$false|-MinPasswordLength\\s+[0-7]\\b|-LockoutThreshold\\s+0\\b)"
              + "|Approve-WsusUpdate\\b[^;|\\n]{0,300}All Computers"
              + "|Disable-ADOptionalFeature\\b|dSHeuristics|Remove-GPO\\b|Remove-GPLink\\b"
              + "|Set-GPLink\\b[^;|\\n]{0,200}-LinkEnabled\\s+No\\b"
              + "|Set-GPInheritance\\b[^;|\\n]{0,200}-IsBlocked\\s+Yes\\b");

  /** BitLocker turned off, suspended for good, its protectors removed, or the TPM cleared. */
  static final Pattern DISK_ENCRYPTION_OFF =
      Pattern.compile(
          "(?i)(?:^|\\s)-off\\b|Disable-BitLocker\\b|Suspend-BitLocker\\b[^;|\\n]{0,200}"
              + "-RebootCount\\s+0\\b|(?:^|\\s)-protectors\\s+-(?:delete|disable)\\b"
              + "|Remove-BitLockerKeyProtector\\b|Clear-Tpm\\b|(?:^|\\s)-forcerecovery\\b"
              + "|Initialize-Tpm\\b[^;|\\n]{0,120}-AllowClear");

  /** PowerShell's execution policy loosened beyond the one process. */
  static final Pattern SCRIPT_POLICY_LOOSENED =
      Pattern.compile(
          "(?i)Set-ExecutionPolicy\\b(?![^;|\\n]{0,200}-Scope\\s+Process\\b)[^;|\\n]{0,200}"
              + "\\b(?:Unrestricted|Bypass)\\b");

  /** A port of this machine (or of WSL behind it) opened to the network. */
  static final Pattern PORT_EXPOSED =
      Pattern.compile(
          "(?i)portproxy\\s+add\\b|New-NetFirewallRule\\b(?=[^;|\\n]{0,300}-Direction\\s+"
              + "Inbound)(?=[^;|\\n]{0,300}-Action\\s+Allow)(?![^;|\\n]{0,300}-RemoteAddress\\s+"
              + "(?:LocalSubnet|127\\.))"
              + "|firewall\\s+add\\s+rule\\b(?=[^;|\\n]{0,300}dir=in\\b)(?=[^;|\\n]{0,300}"
              + "action=allow)"
              + "|Add-WindowsCapability\\b[^;|\\n]{0,120}OpenSSH\\.Server"
              + "|Set-Service\\b[^;|\\n]{0,80}\\bsshd\\b[^;|\\n]{0,80}Automatic");

  /** The company's device management removed by its insides: enrolment keys, tasks, a wipe. */
  static final Pattern DEVICE_UNMANAGED =
      Pattern.compile(
          "(?i)(?:Remove-Item|\\bdelete\\b|\\brm\\b)[^;\\n]{0,300}(?:Microsoft\\\\Enrollments"
              + "|Microsoft\\\\Provisioning\\\\OMADM|EnterpriseMgmt)"
              + "|Microsoft\\\\Enrollments[\\s\\S]{0,300}Remove-Item"
              + "|(?:Unregister-ScheduledTask|/delete)[\\s\\S]{0,200}EnterpriseMgmt"
              + "|EnterpriseMgmt[\\s\\S]{0,200}Unregister-ScheduledTask"
              + "|Invoke-Mg(?:Retire|Wipe|CleanWindows)DeviceManagementManagedDevice"
              + "|Remove-MgDeviceManagementManagedDevice|Invoke-IntuneManagedDevice(?:Retire|Wipe)"
              + "|managedDevices/[^/'\"\\s]+/(?:retire|wipe|cleanWindowsDevice)\\b"
              + "|method\\s+delete\\b[\\s\\S]{0,80}/(?:deviceManagement/(?:managedDevices"
              + "|deviceCompliancePolicies|deviceConfigurations|configurationPolicies)|devices)/"
              + "|--method\\s+delete\\b[\\s\\S]{0,300}graph\\.microsoft\\.com/\\S*"
              + "(?:deviceManagement/|/devices/)"
              + "|(?:^|[\\s;&|])(?:stop|delete)\\s+['\"]?(?:IntuneManagementExtension"
              + "|dmwappushservice)\\b|Remove-Computer\\b");

  /** A WSL distro's disk deleted, or the distro unregistered: its whole Linux home with it. */
  static final Pattern WSL_DISK_DELETED =
      Pattern.compile(
          "(?i)(?:Remove-Item|\\brm\\b|\\bdel\\b|\\berase\\b)[^;\\n]{0,400}\\bext4\\.vhdx\\b"
              + "|(?:^|\\s)--unregister\\b");

  /** The Windows profile, OneDrive or a drive deleted by cmd's or PowerShell's spelling. */
  static final Pattern PROFILE_DELETED =
      Pattern.compile(
          "(?i)(?:^|[\\s&|(;])(?:rd|rmdir|del|erase|Remove-Item|ri|rm)\\s+(?:[-/][\\w:]+\\s+)*"
              + "['\"]?(?:%USERPROFILE%|%OneDrive\\w*%|%HOMEDRIVE%%HOMEPATH%|\\$env:USERPROFILE"
              + "|\\$env:OneDrive\\w*|\\$HOME|[A-Za-z]:\\\\Users\\\\[^\\\\'\"\\s]+)"
              + "(?:\\\\(?:OneDrive[^\\\\'\"]*|Documents|Desktop|Pictures|Music|Videos))?"
              + "\\\\?(?:\\\\\\*)?['\"]?(?:\\s|$|[;)&|])"
              + "|(?:^|[\\s&|(;])(?:rd|rmdir|del|erase|format|Remove-Item)\\s+(?:[-/][\\w:]+\\s+)*"
              + "['\"]?[A-Za-z]:\\\\?(?:\\*)?['\"]?(?:\\s|$)"
              + "|(?:^|[\\s&|(;])(?:Format-Volume|Clear-Disk|Remove-Partition)\\b(?![^;|\\n]*-WhatIf)");

  /** A task, a service, a Run key or an event subscription that runs code later on its own. */
  static final Pattern AUTOSTART =
      Pattern.compile(
          "(?i)CurrentVersion\\\\(?:Run|RunOnce|RunOnceEx|RunServices|Policies\\\\Explorer\\\\Run)"
              + "['\"]?\\s[^;|\\n]{0,200}(?:/v|/d|-Name|-Value)"
              + "|Winlogon['\"]?\\s[^;|\\n]{0,120}(?:Userinit|Shell|Notify)"
              + "|Image File Execution Options[\\s\\S]{0,200}Debugger"
              + "|__EventFilter|CommandLineEventConsumer|ActiveScriptEventConsumer"
              + "|__FilterToConsumerBinding"
              + "|\\\\Start Menu\\\\Programs\\\\Startup\\\\"
              + "|shell:(?:common )?startup");

  /** A scheduled task or a service made. */
  static final Pattern TASK_OR_SERVICE =
      Pattern.compile(
          "(?i)(?:^|\\s)/create\\b[\\s\\S]{0,400}(?:/tr|/xml)\\b|Register-ScheduledTask\\b"
              + "|New-Service\\b|(?:^|\\s)create\\s+['\"]?\\S+['\"]?\\s+binPath=|binPath=\\s*"
              + "['\"]?[^'\"\\s]*(?:cmd|powershell|pwsh|mshta|rundll32|wscript|cscript)"
              + "|Register-ScheduledJob\\b"
              + "|<Task\\b[\\s\\S]{0,4000}<(?:Exec|Command)>");

  /** A signed Windows program made to fetch and run code: Squiblydoo, mshta, certutil. */
  static final Pattern SIGNED_BINARY_RUNS_REMOTE =
      Pattern.compile(
          "(?i)/i:\\s*['\"]?(?:https?|ftp)://[\\s\\S]{0,300}scrobj"
              + "|scrobj[\\s\\S]{0,300}/i:\\s*['\"]?(?:https?|ftp)://"
              + "|(?:^|\\s)['\"]?(?:https?://|javascript:|vbscript:)\\S*\\.(?:hta|sct)\\b"
              + "|(?:^|\\s)['\"]?(?:javascript|vbscript):"
              + "|-urlcache\\b[\\s\\S]{0,200}(?:https?|ftp)://"
              + "|(?:^|\\s)-(?:verifyctl|URL)\\b[\\s\\S]{0,80}(?:https?|ftp)://"
              + "|/transfer\\b[\\s\\S]{0,300}(?:https?|ftp)://[\\s\\S]{0,300}\\.(?:exe|ps1|dll"
              + "|bat|cmd|vbs|hta)\\b");

  /** A command run on another Windows host: WMI, WinRM, PsExec. */
  static final Pattern REMOTE_COMMAND =
      Pattern.compile(
          "(?i)/node:\\s*['\"]?(?!localhost\\b|127\\.0\\.0\\.1\\b|\\.\\s)[^\\s'\"]+['\"]?"
              + "[\\s\\S]{0,200}process\\s+call\\s+create"
              + "|Invoke-Command\\b[^;|\\n]{0,200}-ComputerName\\s+['\"]?(?!localhost\\b|\\.\\s"
              + "|\\$env:COMPUTERNAME)"
              + "|Invoke-(?:Wmi|Cim)Method\\b[^;|\\n]{0,300}-ComputerName[\\s\\S]{0,200}"
              + "(?:Win32_Process|Create)"
              + "|(?:^|\\s)\\\\{1,2}[A-Za-z0-9][\\w.-]*\\s+(?:-[a-z]\\s+)*(?:cmd|powershell|pwsh)"
              + "|(?:^|\\s)-r(?:emote)?:\\s*[A-Za-z0-9][\\w.-]*\\s");

  /** Shadow copies, the backup catalog or System Restore removed: the machine's way back. */
  static final Pattern RESTORE_POINTS_DELETED =
      Pattern.compile(
          "(?i)(?:^|[\\s;&|'\"])delete\\s+shadows\\b|resize\\s+shadowstorage\\b[^;|\\n]{0,120}"
              + "/maxsize=\\s*[0-9]+\\s*(?:KB|MB|B)?(?:\\s|$)"
              + "|(?:^|[\\s;&|'\"])delete\\s+(?:catalog|systemstatebackup|backup)\\b"
              + "|shadowcopy\\s+delete\\b|Win32_ShadowCopy[\\s\\S]{0,200}(?:Remove-(?:Wmi|Cim)"
              + "Instance|\\.Delete\\(\\))|Disable-ComputerRestore\\b"
              + "|"
              + set("DisableSR|DisableConfig", ONE));

  /** The kinds asked only of a program that names a file ({@code rm}, {@code del}): no tool's. */
  static final Map<String, Pattern> FILE_KINDS =
      Map.of("zone-file", ZONE_FILE, "wsl-disk", WSL_DISK);

  /** The kinds by the name their predicates take ({@code windows-<kind>}). */
  static final Map<String, Pattern> KINDS =
      Map.ofEntries(
          Map.entry("defender-off", DEFENDER_OFF),
          Map.entry("defender-excluded", DEFENDER_EXCLUDED),
          Map.entry("protection-off", PROTECTION_OFF),
          Map.entry("boot-weakened", BOOT_WEAKENED),
          Map.entry("updates-off", UPDATES_OFF),
          Map.entry("mark-stripped", MARK_STRIPPED),
          Map.entry("remote-access-on", REMOTE_ACCESS_ON),
          Map.entry("remote-tool-installed", REMOTE_TOOL_INSTALLED),
          Map.entry("shared-to-everyone", SHARED_TO_EVERYONE),
          Map.entry("admin-account", ADMIN_ACCOUNT),
          Map.entry("credentials-dumped", CREDENTIALS_DUMPED),
          Map.entry("directory-secrets", DIRECTORY_SECRETS),
          Map.entry("recovery-secret-shown", RECOVERY_SECRET_SHOWN),
          Map.entry("domain-weakened", DOMAIN_WEAKENED),
          Map.entry("device-unmanaged", DEVICE_UNMANAGED),
          Map.entry("wsl-disk-deleted", WSL_DISK_DELETED),
          Map.entry("profile-deleted", PROFILE_DELETED),
          Map.entry("autostart", AUTOSTART),
          Map.entry("task-or-service", TASK_OR_SERVICE),
          Map.entry("signed-binary-runs-remote", SIGNED_BINARY_RUNS_REMOTE),
          Map.entry("remote-command", REMOTE_COMMAND),
          Map.entry("restore-points-deleted", RESTORE_POINTS_DELETED),
          Map.entry("disk-encryption-off", DISK_ENCRYPTION_OFF),
          Map.entry("script-policy-loosened", SCRIPT_POLICY_LOOSENED),
          Map.entry("port-exposed", PORT_EXPOSED));
}
