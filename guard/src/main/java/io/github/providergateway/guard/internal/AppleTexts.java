package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The words of the Mac and its trade that the book's {@code apple} rules read (decision 124): the
 * stores of the person's Messages, Notes, Contacts and Photos, the AppleScript that asks those apps
 * for their data or sends in the person's name, the settings that turn a protection off, the
 * entitlements that open a shipped app's hardened runtime, the parameters that ship a build to the
 * store's customers. Patterns only; {@link ApplePredicates} asks them of a call.
 */
final class AppleTexts {
  private AppleTexts() {}

  /**
   * The files of the person's own apps: their messages, notes, address book, photos, browsing
   * history, calendars, calls, the phone's backups; named in a script or inline code, under any
   * spelling of the home.
   */
  static final Pattern PERSONAL_STORE =
      Pattern.compile(
          "(?i)Library/Messages(?:/|\\b)|\\bchat\\.db\\b|group\\.com\\.apple\\.notes|NoteStore\\.sqlite"
              + "|Containers/com\\.apple\\.Notes|Application Support/AddressBook|\\.abcddb\\b"
              + "|\\.photoslibrary\\b|\\bPhotos\\.sqlite\\b|Library/Safari/(?:History|Bookmarks)"
              + "|Library/Calendars\\b|Calendar Cache|CallHistoryDB|knowledgeC\\.db"
              + "|group\\.com\\.apple\\.reminders|MobileSync/Backup|VoiceMemos|Library/Mail/V\\d");

  /** AppleScript's or JXA's ask of a personal app for what it holds. */
  static final Pattern ASKS_PERSONAL_APP =
      Pattern.compile(
          "(?is)(?:application|app)\\s*\\(?\\s*\\\\?[\"'](?:Contacts|Address Book|Messages|Notes|Photos"
              + "|Calendar|Reminders|Mail)\\\\?[\"']\\s*\\)?.{0,400}?(?:\\bevery\\b|\\bpeople\\b"
              + "|\\bperson\\b|\\bphones?\\b|\\bemails?\\b|\\bchats?\\b|\\bbody\\b|plaintext"
              + "|media items?|\\bexport\\b|\\bevents?\\b|\\bmessages?\\b|\\bnotes\\(|\\bnotes of\\b"
              + "|\\bcontent\\b|\\bdelete\\b)");

  /** AppleScript or JXA that sends a message in the person's name. */
  static final Pattern SENDS_MESSAGE =
      Pattern.compile(
          "(?is)(?:application|app)\\s*\\(?\\s*\\\\?[\"'](?:Messages|Mail)\\\\?[\"'].{0,600}?\\bsend\\b"
              + "|\\bsend\\b.{0,200}\\bto\\b.{0,80}\\b(?:participant|buddy|chat)\\b");

  /**
   * AppleScript that ends the person's session: every app told to quit without saving, a restart,
   * shut down or log out asked of System Events or sent as loginwindow's raw Apple Event.
   */
  static final Pattern ENDS_SESSION =
      Pattern.compile(
          "(?is)quit\\s+saving\\s+no|saving\\s*:\\s*[\"']no[\"']|aevt(?:rrst|rsdn|rlgo|logo|shut)"
              + "|\"System Events\"\\s*\\)?\\s*(?:to\\s+|\\.)(?:restart|shut\\s*down|log\\s*out)"
              + "|(?:application|app)\\s+\"loginwindow\"");

  /** A setting of the Mac's that turns a protection off or lets anyone in. */
  static final Pattern PROTECTION_OFF =
      Pattern.compile(
          "(?i)WarnAboutFraudulentWebsites\\s+(?:-bool(?:ean)?\\s+)?(?:false|no|0)\\b"
              + "|\\baskForPassword\\s+(?:-int(?:eger)?\\s+|-bool(?:ean)?\\s+)?(?:0|false|no)\\b"
              + "|-screenLock\\s+off|-guestAccount\\s+on|GuestEnabled\\s+(?:-bool(?:ean)?\\s+)?"
              + "(?:true|yes|1)\\b|-autologin\\s+set|\\bautoLoginUser\\b"
              + "|--setglobalstate\\s+off|com\\.apple\\.alf\\S*\\s+globalstate\\s+(?:-int\\s+)?0\\b"
              + "|(?:ConfigDataInstall|CriticalUpdateInstall)\\s+(?:-bool(?:ean)?\\s+)?(?:false|no|0)\\b");

  /** Download quarantine turned off for every download. */
  static final Pattern QUARANTINE_OFF =
      Pattern.compile("(?i)\\bLSQuarantine\\s+(?:-bool(?:ean)?\\s+)?(?:false|no|0)\\b");

  /** Remote login, Apple Events or screen sharing turned on by a setting. */
  static final Pattern REMOTE_ON =
      Pattern.compile(
          "(?i)-setremotelogin\\s+(?:-f\\s+)?(?:on|yes)\\b|-setremoteappleevents\\s+(?:on|yes)\\b"
              + "|com\\.apple\\.(?:screensharing|RemoteDesktop|RemoteManagement|AEServer)");

  /** Boot arguments that turn code signing's or the kernel's checks off. */
  static final Pattern BOOT_ARGS_OFF =
      Pattern.compile(
          "(?i)boot-args=.*(?:amfi_get_out_of_my_way|cs_enforcement_disable|amfi=0x?[0-9a-f]+"
              + "|kext-dev-mode|arm64e_preview_abi|ipc_control_port_options=0)");

  /** The option that installs an app without quarantine, in any spelling Homebrew reads. */
  static final Pattern NO_QUARANTINE = Pattern.compile("(?i)no[-_]quarantine");

  /** A database write in the SQL a client is handed. */
  static final Pattern SQL_WRITES =
      Pattern.compile("(?i)\\b(?:insert|update|delete|replace|drop|alter|create)\\b");

  /** The privacy consent database, the download history. */
  static final Pattern CONSENT_STORE = Pattern.compile("(?i)com\\.apple\\.TCC|\\bTCC\\.db\\b");

  static final Pattern DOWNLOAD_TRAIL = Pattern.compile("(?i)QuarantineEvents");

  /** Entitlements that open a shipped app's hardened runtime or take its sandbox away. */
  static final Pattern RUNTIME_OPENED =
      Pattern.compile(
          "(?is)com\\.apple\\.security\\.cs\\.(?:disable-library-validation"
              + "|allow-dyld-environment-variables|allow-unsigned-executable-memory"
              + "|disable-executable-page-protection|debugger)\\s*</key>\\s*<true\\s*/>"
              + "|com\\.apple\\.security\\.app-sandbox\\s*</key>\\s*<false\\s*/>");

  /** The same keys set by a plist tool. */
  static final Pattern RUNTIME_OPENED_KEY =
      Pattern.compile(
          "(?i)com\\.apple\\.security\\.cs\\.(?:disable-library-validation"
              + "|allow-dyld-environment-variables|allow-unsigned-executable-memory"
              + "|disable-executable-page-protection|debugger)\\b[^\\n]{0,30}\\b(?:true|yes|1)\\b"
              + "|com\\.apple\\.security\\.app-sandbox\\b[^\\n]{0,30}\\b(?:false|no|0)\\b");

  /** The store actions of fastlane that reach customers or testers. */
  static final Pattern STORE_ACTION =
      Pattern.compile(
          "(?i)^(?:deliver|upload_to_app_store|appstore|pilot|upload_to_testflight|testflight"
              + "|supply|upload_to_play_store|app_store_connect_api_key)$");

  /** What makes a store action reach people: a review submission, a release, testers, a price. */
  static final Pattern STORE_REACHES =
      Pattern.compile(
          "(?i)(?:^|\\s|--)(?:submit_for_review|automatic_release|distribute_external"
              + "|notify_external_testers|reset_ratings|phased_release)[:=\\s]+(?:true|yes|1)\\b"
              + "|(?:^|\\s|--)price_tier\\b|\\bpilot\\s+distribute\\b|(?:^|\\s|--)track[:=\\s]+"
              + "production\\b|(?:^|\\s)--?release_status[:=\\s]+completed\\b");

  /** App Store Connect's API paths that submit, release, price or hand builds to testers. */
  static final Pattern STORE_API_SHIPS =
      Pattern.compile(
          "(?i)api\\.appstoreconnect\\.apple\\.com/v\\d+/(?:appStoreVersionSubmissions"
              + "|reviewSubmission\\w*|appStoreVersionReleaseRequests|appStoreVersionPhasedReleases"
              + "|appPriceSchedules|appPrices|betaAppReviewSubmissions|betaGroups/[^/\\s]+/"
              + "relationships/builds|buildBetaNotifications|appAvailabilities|territoryAvailabilities)");

  /** App Store Connect's API paths whose delete revokes a signing certificate or a profile. */
  static final Pattern STORE_API_REVOKES =
      Pattern.compile("(?i)api\\.appstoreconnect\\.apple\\.com/v\\d+/(?:certificates|profiles)/");

  /** An MCP server of the store's, and its tools that ship. */
  static final Pattern STORE_SERVER =
      Pattern.compile("(?i)^mcp__[^_]*(?:app[-_]?store|appstoreconnect|asc|testflight)[^_]*__");

  static final Pattern STORE_TOOL_SHIPS =
      Pattern.compile(
          "(?i)submit|release|price|distribute|external|publish|availability|expire_build");

  /** A Sparkle feed or update archive, a folder of them, an update host. */
  static final Pattern UPDATE_FEED =
      Pattern.compile("(?i)appcast|sparkle|(?:^|[/@.:])updates?(?:[/.:]|$)|\\.delta\\b");

  /** A search of the person's documents for their identity and money papers. */
  static final Pattern IDENTITY_PAPERS =
      Pattern.compile(
          "(?i)passport|tax[^'\"]{0,6}return|\\b(?:w-?2|1040|p60)\\b|driver'?s?[^'\"]{0,3}licen[cs]e"
              + "|social[^'\"]{0,3}security|\\bssn\\b|bank[^'\"]{0,3}statement|payslip|pay[^'\"]{0,3}stub"
              + "|birth[^'\"]{0,3}certificate|id[-_ ]?card|national[^'\"]{0,3}id");

  /** A keychain item that unlocks a browser's or an app's store, an Apple ID, a Wi-Fi network. */
  static final Pattern APP_KEYCHAIN_ITEM =
      Pattern.compile(
          "(?i)safe storage|^(?:chrome|chromium|brave|edge|opera|vivaldi|arc|slack|discord|signal"
              + "|teams|whatsapp|telegram)$|^deliver\\.|airport|icloud|apple ?id|com\\.apple\\.account"
              + "|1password|bitwarden|lastpass");

  /** An account made root or admin, or a user put in the admin group. */
  static final Pattern MAKES_ADMIN =
      Pattern.compile(
          "(?i)\\bUniqueID\\s+0\\b|/Groups/(?:admin|wheel)\\s+GroupMembership"
              + "|-addUser\\b.*\\s-admin\\b|-a\\s+\\S+\\s+-t\\s+user\\s+(?:admin|wheel)\\b");

  /** A connected device erased by Xcode's device tool. */
  static final Pattern DEVICE_ERASED =
      Pattern.compile("(?i)\\bdevicectl\\b.*\\bdevice\\s+erase\\b");

  /** The home's folders of the person's own work and life, which a backup must keep. */
  static final List<String> PERSONAL_FOLDERS =
      List.of(
          "Documents",
          "Desktop",
          "Pictures",
          "Movies",
          "Music",
          "Downloads",
          "Library/Mobile Documents",
          "Library/Mail",
          "Library/Messages");
}
