package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The device commands the {@code network.*} rules find in what a call sends to a live device
 * ({@link NetworkDevices#live}), by kind, in the spellings of Cisco IOS/IOS-XE/IOS-XR/NX-OS, Junos,
 * Arista EOS, FRR, BIRD, GoBGP, MikroTik, FortiOS, F5's tmsh and iControl REST, HAProxy's runtime
 * API, Asterisk and FreeSWITCH, RADIUS, Kea and Windows DHCP, NetBox and Infoblox, Krill and the
 * IRRs, and Ansible's network resource modules. A command that can stand in a sentence ({@code no
 * …}, {@code reload}, {@code shutdown}, {@code delete …}, {@code set …}) is found only where a
 * device's command begins: at the start of a line, after a quote, a bracket, a comma, a semicolon
 * or a pipe, or after an escaped new line ({@code \n}).
 *
 * <p>Show, display, get and list commands are no kind: the rules find what changes.
 */
final class NetworkLexicon {
  private NetworkLexicon() {}

  /** What a device command does, each a rule's predicate ({@code network-<name>}). */
  enum Kind {
    DEVICE_RESET("device-reset", RESET),
    ROUTING("routing-changed", ROUTING_TEXT),
    SAFEGUARD("safeguard-removed", SAFEGUARDS),
    TRAFFIC("traffic-diverted", DIVERTS),
    SERVICE("service-cut", CUTS),
    CONFIGURED("device-configured", CONFIGURES),
    CONFIGS_SENT("configs-sent", SENDS_CONFIGS);

    final String name;
    private final List<NetworkCues.Entry> entries;

    Kind(String name, Pattern pattern) {
      this.name = name;
      this.entries = NetworkCues.of(pattern, AT, MODULE);
    }
  }

  /** Blanks, and escaped new lines, within what is found. */
  private static final Pattern SPACES = Pattern.compile("(?:\\s|\\\\[nrt])+");

  /** Quotes and blanks around what is found. */
  private static final Pattern EDGES = Pattern.compile("^[\\s'\"\\\\]+|[\\s'\"\\\\]+$");

  /**
   * An Ansible module where one is named: after {@code -m}, as a collection's name ({@code
   * cisco.ios.}), or as a task's key in a playbook.
   */
  private static final String MODULE =
      "(?:(?<=-m\\s)|(?<=-m\\s\\s)|(?<=-m=)|(?<=module=)|(?<=module:\\s)|\\b\\w{1,30}\\.\\w{1,30}\\."
          + "|(?m:^)[ \\t]{0,12}-?[ \\t]{0,4}(?=\\w{2,50}:))";

  /** Where a device's command begins. */
  private static final String AT =
      "(?:^|(?<=[\\n;'\"\\[,{(|>=:])|(?<=\\\\[nrt])|(?<=\\s-)|(?<=&&)|(?<=-c\\s))[ \\t]{0,8}";

  /** The device reloaded, its software replaced, its configuration erased, replaced or rolled. */
  private static final Pattern RESET =
      Pattern.compile(
          "(?i)"
              + AT
              + "(?:(?<!:\\s\")(?<!:\")reload(?:\\s{1,4}(?:now|force|all|in\\s{1,4}\\d{1,5}|at\\s{1,4}[\\d:]{1,8}"
              + "|slot\\s{1,4}\\S{1,20}|location\\s{1,4}\\S{1,40}|/noconfirm))?(?=\\s{0,4}"
              + "(?:[\"'\\],;\\n)]|\\\\n|$))"
              + "|delete\\s{1,4}(?:/force\\s{1,4})?(?:/recursive\\s{1,4})?(?:/force\\s{1,4})?"
              + "(?:flash|bootflash|nvram|disk\\d|harddisk|slot\\d|sup-bootflash):\\S{0,80}"
              + "|format\\s{1,4}(?:flash|bootflash|disk\\d|slot\\d|harddisk|nvram)\\S{0,20}"
              + "|erase\\s{1,4}(?:/all\\s{1,4})?(?:startup-config|nvram|flash|bootflash|disk\\d|/all)"
              + "\\S{0,20}"
              + "|(?:execute|exec)\\s{1,4}(?:factoryreset\\S{0,10}|reboot|shutdown|formatlogdisk"
              + "|restore\\s{1,4}(?:image|config)\\b[^\\n'\"]{0,120})"
              + "|install\\s{1,4}(?:add|activate|commit|remove|all|rollback)\\b[^\\n'\";]{0,160}"
              + "|boot\\s{1,4}system\\s{1,4}\\S{1,120}"
              + "|copy\\s{1,4}(?!run\\S{0,20}\\s|system:run)\\S{1,160}\\s{1,4}(?:startup-config"
              + "|running-config|start|run)\\b"
              + "|system\\s{1,4}reset-configuration\\b[^\\n'\"]{0,80}"
              + "|/system\\s{1,4}(?:reset-configuration|reboot|shutdown|package\\s{1,4}update"
              + "\\s{1,4}install)\\b)"
              + "|\\brequest\\s{1,4}system\\s{1,4}(?:reboot|halt|power-off|zeroize|software\\s{1,4}"
              + "(?:add|rollback|delete|install)|configuration\\s{1,4}rescue\\s{1,4}delete)\\b"
              + "[^\\n'\";]{0,160}"
              + "|\\bwrite\\s{1,4}erase\\b|\\bzeroize\\b|\\bfactory[-_ ]?(?:reset|defaults?)\\b"
              + "|\\bfactoryReset\\b|\\bload\\s{1,4}(?:factory-default|override|replace)\\b"
              + "[^\\n'\";]{0,120}"
              + "|(?<!compare\\s)(?<!system\\s)\\brollback\\s{1,4}(?:configuration\\s{1,4}(?:last\\s{1,4}|to\\s{1,4})?)?"
              + "(?!0\\b)\\d{1,12}\\b"
              + "[^\\n'\"]{0,20}"
              + "|\\bcon(?:fig(?:ure)?)?\\s{1,4}replace\\b[^\\n'\";]{0,160}"
              + "|\\bcommit\\s{1,4}replace\\b"
              + "|\\b(?:load_replace_candidate|replace_config|config_replace)\\b|--strategy[ =]replace\\b"
              + "|<request>\\s{0,4}<restart>\\s{0,4}<system>|/devices/[^/\\s]{1,60}/reboot\\b"
              + "|\\bconfig\\s{1,4}(?:reload|load_minigraph|factory)\\b[^\\n'\";]{0,40}"
              + "|\\bnv\\s{1,4}config\\s{1,4}(?:replace|delete)\\b[^\\n'\";]{0,60}"
              + "|"
              + AT
              + "reboot(?:\\s{1,4}(?:fast|force|now))?(?=\\s{0,4}(?:[\"'\\],;\\n)]|\\\\n|$))"
              + "|\\binstall\\s{1,4}all\\s{1,4}(?:nxos|kickstart|system)\\b[^\\n'\";]{0,160}"
              + "|"
              + MODULE
              + "(?:junos_package|nxos_install_os|ios_image|iosxr_install|eos_image"
              + "|panos_software|fortios_system_firmware\\w{0,20}|(?<=\\b\\w{2,12})_reboot|(?<=\\b\\w{2,12})_factory_reset)\\b"
              + "|\\b(?:update|replace)\\s{0,4}[:=]\\s{0,4}[\"']?(?:override|config)\\b"
              + "|\\bdefault_operation\\s{0,4}[:=]\\s{0,4}[\"']?replace\\b"
              + "|\"name\"\\s{0,4}:\\s{0,4}\"(?:reboot|factoryReset|download)\""
              + "|(?:tsMsgSend|1\\.3\\.6\\.1\\.4\\.1\\.9\\.2\\.9\\.9)\\S{0,20}\\s{1,4}(?:i|integer)"
              + "\\s{1,4}2\\b");

  /** BGP or an IGP reset, removed or drained; route policy changed; prefixes announced. */
  private static final Pattern ROUTING_TEXT =
      Pattern.compile(
          "(?i)\\bclear\\s{1,4}(?:ip\\s{1,4}|ipv6\\s{1,4})?bgp\\b(?![^\\n'\"]{0,60}\\bsoft\\b)"
              + "[^\\n'\";]{0,60}"
              + "|\\bclear\\s{1,4}(?:ip\\s{1,4}|ipv6\\s{1,4})?(?:ospf|isis)\\b[^\\n'\";]{0,60}"
              + "|\\bclear\\s{1,4}(?:ip\\s{1,4})?route\\s{1,4}(?:\\*|vrf|all)[^\\n'\";]{0,40}"
              + "|\\brestart\\s{1,4}(?:routing|rpd|bgp|ospf|isis)\\b"
              + "|\\bprocess\\s{1,4}restart\\s{1,4}(?:bgp|ospf|isis)\\b"
              + "|\\bgobgp\\b[^\\n|;&]{0,120}\\bneighbor\\s{1,4}\\S{1,60}\\s{1,4}(?:reset|shutdown"
              + "|disable|del)\\b"
              + "|\\bgobgp\\b[^\\n|;&]{0,120}\\b(?:global\\s{1,4}rib|rib)\\b[^\\n|;&]{0,60}\\b(?:add"
              + "|del)\\b[^\\n|;&'\"]{0,160}"
              + "|\\bgobgp\\b[^\\n|;&]{0,120}\\bneighbor\\s{1,4}del\\b"
              + "|\\bbirdc?l?\\b[^\\n|;&]{0,60}\\b(?:disable|restart|down)\\b[^\\n'\";]{0,40}"
              + "|\\b(?:announce|withdraw)\\s{1,4}(?:route|flow|attribute)s?\\b[^\\n'\";]{0,120}"
              + "|\\bflow-?spec\\b[^\\n;]{0,200}\\b(?:discard|drop|rate-limit\\s{1,4}0"
              + "|redirect|then)\\b"
              + "|"
              + AT
              + "(?:no\\s{1,4}router\\s{1,4}(?:bgp|ospf\\w{0,3}|isis|eigrp|rip)\\b[^\\n'\";]{0,40}"
              + "|no\\s{1,4}neighbor\\s{1,4}\\S{1,60}[^\\n'\";]{0,80}"
              + "|no\\s{1,4}(?:ip\\s{1,4}|ipv6\\s{1,4})?(?:prefix-list|route-map|as-path"
              + "|community-list|prefix-set|route-policy|extcommunity-list)\\b[^\\n'\";]{0,80}"
              + "|(?:delete|deactivate)\\s{1,4}(?:protocols|policy-options|routing-options"
              + "|routing-instances)\\b[^\\n'\";]{0,120}"
              + "|set\\s{1,4}policy-options\\s{1,4}\\S[^\\n'\";]{0,160}"
              + "|set\\s{1,4}protocols\\s{1,4}(?:isis|ospf3?)\\s{1,4}overload\\b[^\\n'\";]{0,40}"
              + "|set\\s{1,4}protocols\\s{1,4}(?:bgp|isis|ospf3?|ldp|mpls)\\b[^\\n'\";]{0,120}"
              + "\\b(?:disable|shutdown|authentication-key|export|import|overload|passive|metric)\\b[^\\n'\";]{0,60}"
              + "|set\\s{1,4}routing-options\\s{1,4}(?:static|flow|rib)\\b[^\\n'\";]{0,120}"
              + "|neighbor\\s{1,4}\\S{1,60}\\s{1,4}(?:shutdown|password|remove-private-as"
              + "|allowas-in|route-map\\s{1,4}\\S{1,60}\\s{1,4}out|prefix-list\\s{1,4}\\S{1,60}"
              + "\\s{1,4}out)\\b[^\\n'\";]{0,60}"
              + "|network\\s{1,4}\\d{1,3}(?:\\.\\d{1,3}){3}(?:/\\d{1,2}|\\s{1,4}mask\\s)"
              + "[^\\n'\";]{0,40}"
              + "|(?:ip|ipv6)\\s{1,4}route\\s{1,4}\\S{1,60}\\s{1,4}(?:\\S{1,40}\\s{1,4})?[Nn]ull0"
              + "[^\\n'\";]{0,20}"
              + "|(?:max-metric\\s{1,4}router-lsa|set-overload-bit)\\b[^\\n'\";]{0,40}"
              + "|ip\\s{1,4}ospf\\s{1,4}cost\\s{1,4}6553[0-5]\\b|isis\\s{1,4}metric\\s{1,4}(?:1677721[45]|maximum)\\b"
              + "|passive-interface\\s{1,4}default\\b"
              + "|route-map\\s{1,4}\\S{1,60}\\s{1,4}permit\\b[^\\n'\";]{0,40}"
              + "|route-policy\\s{1,4}\\S{1,60}[^\\n'\";]{0,40}"
              + "|ip\\s{1,4}prefix-list\\s{1,4}\\S{1,60}\\s{1,4}(?:seq\\s{1,4}\\d{1,6}\\s{1,4})?permit"
              + "\\s{1,4}0\\.0\\.0\\.0/0\\s{1,4}le\\s{1,4}32)"
              + "|\\b(?:bgp|neighbou?rs?|peers?|ospf|isis|igp|route_?maps?|prefix_?lists?|route_?polic\\w{0,4}"
              + "|static_routes|vrfs?)\\w{0,30}[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?(?:absent"
              + "|deleted|overridden|purged|shutdown)\\b"
              + "|(?<=\\b\\w{0,12})_(?:bgp\\w{0,20}|ospf\\w{0,10}|isis\\w{0,10}|route_maps|prefix_lists"
              + "|static_routes|route_policies|vrfs)\\b[^}]{0,400}?\\bstate[\"']?\\s{0,4}[:=]\\s{0,4}"
              + "[\"']?(?:deleted|overridden|purged|absent)\\b"
              + "|\\bgnmic\\b[^\\n]{0,300}\\bset\\b[^\\n]{0,200}--delete\\s{1,4}\\S{0,200}(?:bgp|ospf|isis"
              + "|routing-polic|protocols|static-routes)\\S{0,80}"
              + "|"
              + AT
              + "(?:/(?:ip\\s{1,4}route|routing\\s{1,4}\\S{1,20}(?:\\s{1,4}\\S{1,20})?)\\s{1,4}"
              + "(?:remove|disable)\\b[^\\n'\";]{0,60}"
              + "|undo\\s{1,4}(?:bgp|ospf|isis|peer|route-policy|ip\\s{1,4}ip-prefix)\\b[^\\n'\";]{0,60}"
              + "|no\\s{1,4}feature\\s{1,4}(?:bgp|ospf|ospfv3|isis|eigrp|pim|bfd)\\b)"
              + "|\\bnv\\s{1,4}unset\\s{1,4}(?:router|vrf\\s{1,4}\\S{1,40}\\s{1,4}router)\\b[^\\n'\";]{0,60}"
              + "|\\bnet\\s{1,4}del\\s{1,4}(?:bgp|ospf|routing)\\b[^\\n'\";]{0,60}"
              + "|\\bconfig\\s{1,4}bgp\\s{1,4}(?:shutdown|remove)\\b[^\\n'\";]{0,60}"
              + "|\\boperation=[\\\\]?[\"']?(?:delete|remove)[\\\\]?[\"']?[^\\n]{0,200}(?:bgp|ospf|isis|policy"
              + "|routing)"
              + "|\\b(?:bgp|ospf|isis|policy-options|routing-options|protocols|router)\\b[^\\n<>]{0,40}"
              + "\\boperation=\\\\?[\"']?(?:delete|remove)\\b"
              + "|\\bexport\\s{1,4}all\\s{0,4};"
              + "|(?<!no\\s)\\bbgp\\s{1,4}(?:bestpath\\s{1,4})?(?:origin-as\\s{1,4}validation"
              + "|prefix-validat\\w{0,10})\\s{1,4}(?:disable|allow[\\s-]{1,4}invalid)\\b"
              + "|\\broute\\s{1,4}\\d{1,3}(?:\\.\\d{1,3}){3}/\\d{1,2}\\s{1,4}(?:blackhole|unreachable|prohibit)\\b"
              + "|/restconf/data/\\S{0,200}(?:bgp|ospf|isis|router|routing|route-map|prefix-list"
              + "|policy)\\S{0,120}");

  /** STP, filters, uRPF, ACLs, local accounts, SNMP write, Wi-Fi security, VPNs, QoS removed. */
  private static final Pattern SAFEGUARDS =
      Pattern.compile(
          "(?i)\\bspanning-tree\\s{1,4}(?:mode\\s{1,4}none|bpdufilter\\s{1,4}enable|disable)\\b"
              + "|\\b(?:stp|spanning_?tree|bpdu_?guard|bpdu\\w{0,20}|storm_?control|urpf|port_?security"
              + "|dhcp_?snooping|arp_?inspection)\\w{0,20}[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?(?:false"
              + "|no|off|disabled?|none)\\b"
              + "|\\bsnmp-server\\s{1,4}community\\s{1,4}\\S{1,64}\\s{1,4}(?:RW|rw)\\b"
              + "|\\bsnmp\\s{1,4}community\\s{1,4}\\S{1,64}\\s{1,4}authorization\\s{1,4}read-write\\b"
              + "|\\bconfig\\s{1,4}wlan\\s{1,4}security\\s{1,4}(?:\\S{1,20}\\s{1,4}){1,4}"
              + "disable\\b[^\\n'\";]{0,20}"
              + "|\\b(?:wpa2?|wpa3|security)\\s{1,4}(?:disable|off|none|open)\\b"
              + "|\\bclear\\s{1,4}crypto\\s{1,4}(?:session|sa|isakmp|ikev2)\\b[^\\n'\";]{0,60}"
              + "|\\bpermit\\s{1,4}ip\\s{1,4}any\\s{1,4}any\\b"
              + "|\\biptables\\s{1,4}(?:-t\\s{1,4}\\w{1,10}\\s{1,4})?(?:-F|--flush|-P\\s{1,4}(?:INPUT|FORWARD)\\s{1,4}ACCEPT)\\b"
              + "|\\btransport\\s{1,4}input\\s{1,4}none\\b|\\bdelete\\s{1,4}system\\s{1,4}services\\b[^\\n'\";]{0,60}"
              + "|/user\\s{1,4}(?:remove|disable)\\b[^\\n'\";]{0,40}"
              + "|(?:authMode|auth_mode|opmode)[\"']?\\s{0,4}[:=]?\\s{0,4}[\"']?(?:open|opensystem)\\b"
              + "|\\bno\\s{1,4}tunnel-group\\b[^\\n'\";]{0,60}"
              + "|\\bconfig\\s{1,4}vpn\\s{1,4}\\S{1,40}[\\s\\S]{0,200}?\\bdelete\\s{1,4}\\S{1,60}"
              + "|\\bdelete\\s{1,4}network\\s{1,4}(?:tunnel|ike)\\b[^\\n'\";]{0,60}"
              + "|\\bnft\\s{1,4}flush\\s{1,4}ruleset\\b|\\bpfctl\\s{1,4}-d\\b"
              + "|\\b(?:delete|set)\\s{1,4}rulebase\\s{1,4}security\\b[^\\n'\";]{0,120}"
              + "|\\bconfig\\s{1,4}firewall\\s{1,4}\\S{1,40}[\\s\\S]{0,200}?\\bdelete\\s{1,4}\\d{1,6}\\b"
              + "|/api/firewall/\\S{0,60}(?:del|delete|flush)\\w{0,20}"
              + "|\\bclear\\s{1,4}security\\s{1,4}(?:ike|ipsec)\\b[^\\n'\";]{0,60}"
              + "|\\bswanctl\\s{1,4}(?:--terminate|-t|--unload-conn)\\b[^\\n'\";]{0,60}"
              + "|\\bipsec\\s{1,4}(?:down|stop)\\b[^\\n'\";]{0,40}"
              + "|\\bwg\\s{1,4}set\\s{1,4}\\S{1,20}\\s{1,4}peer\\s{1,4}\\S{1,60}\\s{1,4}remove\\b"
              + "|"
              + AT
              + "(?:/ip\\s{1,4}firewall\\s{1,4}\\S{1,20}\\s{1,4}(?:remove|disable)\\b[^\\n'\";]{0,60}"
              + "|undo\\s{1,4}(?:stp|acl|local-user|ssh|aaa|snmp-agent|urpf|port-security)\\b[^\\n'\";]{0,60}"
              + "|stp\\s{1,4}disable\\b"
              + "|set\\s{1,4}security\\s{1,4}policies\\b[^\\n'\";]{0,200}\\bthen\\s{1,4}permit\\b)"
              + "|"
              + AT
              + "(?:no\\s{1,4}spanning-tree\\b(?!\\s{1,4}portfast(?!\\s{1,4}bpdu))[^\\n'\";]{0,60}"
              + "|no\\s{1,4}(?:ip|ipv4|ipv6)\\s{1,4}verify\\b[^\\n'\";]{0,80}"
              + "|no\\s{1,4}(?:ip|ipv4|ipv6)\\s{1,4}(?:access-group|traffic-filter|dhcp\\s{1,4}snooping"
              + "|arp\\s{1,4}inspection|source-guard)\\b[^\\n'\";]{0,80}"
              + "|no\\s{1,4}(?:ip\\s{1,4}|ipv6\\s{1,4})?access-(?:list|class)\\b[^\\n'\";]{0,80}"
              + "|no\\s{1,4}(?:switchport\\s{1,4})?port-security\\b[^\\n'\";]{0,40}"
              + "|no\\s{1,4}storm-control\\b[^\\n'\";]{0,40}"
              + "|no\\s{1,4}username\\s{1,4}\\S{1,60}"
              + "|no\\s{1,4}(?:aaa|tacacs(?:-server)?|radius-server|radius\\s{1,4}server|enable\\s{1,4}"
              + "(?:secret|password)|ip\\s{1,4}ssh|service\\s{1,4}password-encryption|login)\\b"
              + "[^\\n'\";]{0,60}"
              + "|no\\s{1,4}(?:crypto|tunnel\\s{1,4}protection)\\b[^\\n'\";]{0,100}"
              + "|no\\s{1,4}(?:service-policy|policy-map|class-map)\\b[^\\n'\";]{0,80}"
              + "|no\\s{1,4}(?:firewall|zone-pair|ip\\s{1,4}inspect)\\b[^\\n'\";]{0,80}"
              + "|delete\\s{1,4}(?:firewall|security|system\\s{1,4}login\\s{1,4}user"
              + "|class-of-service|snmp|protocols\\s{1,4}(?:rstp|mstp|vstp|stp|lldp))\\b"
              + "[^\\n'\";]{0,100}"
              + "|delete\\s{1,4}interfaces\\s{1,4}\\S{1,60}[^\\n'\";]{0,60}\\b(?:filter|rpf-check)\\b"
              + "|set\\s{1,4}protocols\\s{1,4}(?:rstp|mstp|vstp)\\s{1,4}disable\\b"
              + "|set\\s{1,4}snmp\\s{1,4}community\\s{1,4}\\S{1,64}\\s{1,4}authorization"
              + "\\s{1,4}read-write"
              + "|transport\\s{1,4}input\\s{1,4}(?:telnet|all)\\b"
              + "|access-list\\s{1,4}\\S{1,60}\\s{1,4}(?:extended\\s{1,4})?permit\\s{1,4}(?:ip\\s{1,4})?"
              + "any\\s{1,4}any\\b)");

  /** Traffic mirrored, its flow records exported, or captured and carried off a device. */
  private static final Pattern DIVERTS =
      Pattern.compile(
          "(?i)\\bmonitor\\s{1,4}session\\s{1,4}\\S{1,20}\\s{1,4}(?:source|destination|type)\\b"
              + "[^\\n'\";]{0,80}"
              + "|\\bmonitor\\s{1,4}capture\\b[^\\n'\";]{0,80}\\b(?:start|export)\\b"
              + "|\\b(?:port-mirroring|port-mirror|analyzer|erspan|mirror\\s{1,4}session"
              + "|span\\s{1,4}session|lawful-intercept)\\b[^\\n'\";]{0,80}"
              + "|\\bflow-export\\s{1,4}destination\\b[^\\n'\";]{0,60}"
              + "|\\bflow\\s{1,4}exporter\\b[^\\n'\";]{0,60}"
              + "|\\bsflow\\s{1,4}(?:collector|destination|receiver)\\b[^\\n'\";]{0,60}"
              + "|\\b(?:flow-monitoring|jflow|ipfix)\\b[^\\n'\";]{0,40}\\b(?:collector|destination"
              + "|export)\\b[^\\n'\";]{0,60}"
              + "|\\bflow-server\\b[^\\n'\";]{0,60}"
              + "|\\bmonitor\\s{1,4}traffic\\s{1,4}interface\\b[^\\n'\";]{0,80}\\bwrite-file\\b"
              + "|\\b(?:sshdump|ciscodump)\\b[^\\n]{0,200}--remote-(?:host|interface)\\b[^\\n]{0,60}"
              + "|\\b(?:Action:\\s{0,4}MixMonitor|ChanSpy|ExtenSpy|uuid_eavesdrop|eavesdrop)\\b[^\\n'\"]{0,60}"
              + "|\\baction\\s{1,4}mirred\\b[^\\n'\";]{0,60}"
              + "|/ip\\s{1,4}traffic-flow\\b[^\\n'\";]{0,80}\\b(?:target|enabled=yes)\\b[^\\n'\";]{0,60}"
              + "|\\buuid_record\\s{1,4}\\S{1,80}\\s{1,4}start\\b"
              + "|\\b(?:ssh|sshpass)\\b[^\\n]{0,300}\\b(?:tcpdump|dumpcap|tshark)\\b[^\\n;|]{0,200}\\s-w\\s{0,4}\\S{1,120}"
              + "|\\b(?:tcpdump|dumpcap|tshark|tcpflow)\\b[^\\n;|]{0,200}\\s-w\\s{0,4}-(?=[\\s'\"])"
              + "[^\\n]{0,60}");

  /**
   * Interfaces shut, VLANs deleted, load balancers emptied, subscribers and calls dropped,
   * emergency calls rerouted, a PDU's outlet off, DHCP, IPAM, RPKI and IRR objects deleted.
   */
  private static final Pattern CUTS =
      Pattern.compile(
          "(?i)"
              + AT
              + "(?:(?<!no\\s)shutdown(?=\\s{0,4}(?:[\"'\\],;\\n)]|\\\\n|$))"
              + "|no\\s{1,4}vlan\\s{1,4}\\d[^\\n'\";]{0,40}"
              + "|delete\\s{1,4}(?:vlans|interfaces|vlan)\\b[^\\n'\";]{0,80}"
              + "|set\\s{1,4}interfaces\\s{1,4}\\S{1,60}\\s{1,4}(?:unit\\s{1,4}\\d{1,5}\\s{1,4})?"
              + "disable\\b"
              + "|(?:disable|shutdown)\\s{1,4}(?:frontend|server|backend|sessions)\\b[^\\n'\";]{0,80}"
              + "|set\\s{1,4}server\\s{1,4}\\S{1,120}\\s{1,4}state\\s{1,4}(?:maint|drain)\\b"
              + "|del\\s{1,4}server\\s{1,4}\\S{1,120}"
              + "|set\\s{1,4}weight\\s{1,4}\\S{1,120}\\s{1,4}0\\b"
              + "|interface\\s{1,4}\\S{1,60}\\s{1,4}shutdown\\b)"
              + "|\\btmsh\\b[^\\n|;&]{0,40}\\b(?:delete|modify)\\b[^\\n'\";]{0,120}"
              + "|-X\\s{0,4}['\"]?DELETE['\"]?[^\\n;|]{0,200}/mgmt/tm/\\S{0,160}"
              + "|/mgmt/tm/[^\\n;|]{0,200}-X\\s{0,4}['\"]?DELETE"
              + "|/mgmt/tm/[^\\n;|]{0,300}\"(?:session|state)\"\\s{0,4}:\\s{0,4}\"user-(?:disabled|down)\""
              + "|\\bifAdminStatus\\S{0,20}\\s{1,4}(?:i|integer|=)\\s{0,4}(?:2|down)\\b"
              + "|\\b1\\.3\\.6\\.1\\.2\\.1\\.2\\.2\\.1\\.7\\.\\d{1,8}\\s{1,4}(?:i|integer)\\s{1,4}(?:2|down)\\b"
              + "|\\b(?:sPDUOutletCtl|rPDUOutletControlOutletCommand|sPDUOutletControlOutletCommand"
              + "|outletControl\\w{0,30}|pduOutlet\\w{0,30}|1\\.3\\.6\\.1\\.4\\.1\\.318\\.1\\.1\\.(?:4|12)"
              + "\\.\\S{1,30})\\S{0,20}\\s{1,4}(?:i|integer)\\s{1,4}(?:[23]|outletOff|immediateOff|outletReboot"
              + "|immediateReboot|off)\\b"
              + "|(?<=\\b\\w{0,12})_(?:vlans?|l2_interfaces|l3_interfaces|interfaces|lag_interfaces|acls"
              + "|acl_interfaces|users|snmp_server|lldp_interfaces)\\b[^}]{0,400}?\\bstate[\"']?\\s{0,4}"
              + "[:=]\\s{0,4}[\"']?(?:deleted|overridden|purged|absent)\\b"
              + "|\\b(?:vlans?|interfaces?|ssids?|wlans?)\\w{0,20}[\"']?\\s{0,4}[:=]\\s{0,4}"
              + "[\"']?(?:absent|deleted|purged|shutdown)\\b"
              + "|"
              + AT
              + "(?:deactivate\\s{1,4}interfaces\\b[^\\n'\";]{0,80}"
              + "|/interface\\s{1,4}(?:\\S{1,20}\\s{1,4})?(?:disable|remove)\\b[^\\n'\";]{0,60}"
              + "|config\\s{1,4}interface\\s{1,4}shutdown\\b[^\\n'\";]{0,40})"
              + "|\\bconfig\\s{1,4}(?:interface\\s{1,4}shutdown|wlan\\s{1,4}disable"
              + "|802\\.11[abg]{1,2}\\s{1,4}disable)\\b[^\\n'\";]{0,40}"
              + "|\\boperation=\\\\?[\"']?(?:delete|remove)\\b"
              + "|\\bnv\\s{1,4}set\\s{1,4}interface\\s{1,4}\\S{1,60}\\s{1,4}link\\s{1,4}state\\s{1,4}down\\b"
              + "|\\bgnmic\\b[^\\n]{0,300}\\bset\\b[^\\n]{0,200}--delete\\s{1,4}\\S{0,200}(?:interface|vlan)\\S{0,80}"
              + "|/interfaces?/interface\\S{0,160}/enabled\\S{0,40}\\s{1,4}--update-value\\s{1,4}['\"]?false"
              + "|/switch/ports/[^\\n]{0,300}\"enabled\"\\s{0,4}:\\s{0,4}false"
              + "|\\b(?:netbox|nautobot)_\\w{1,40}[\\s\\S]{0,400}?\\bstate[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?absent\\b"
              + "|\\btm\\.ltm\\.[^\\n]{0,200}\\.delete\\s{0,4}\\("
              + "|\\b(?:SimpleAction|Action)\\s{0,4}\\(\\s{0,4}['\"]Hangup['\"]"
              + "|\\b(?:DisconnectPacket|CoAPacket|CreateCoAPacket)\\b"
              + "|(?:rpki|roas?\\b|krill)[^\\n]{0,400}\"(?:removed|deleted)\"\\s{0,4}:\\s{0,4}\\[\\s{0,4}\\{"
              + "|\\bsetPowerState\\b|\\bOutlet\\.PowerControl\\b|\\bol(?:Off|Reboot)\\b"
              + "|/ari/channels\\b[^\\n;|]{0,200}-X\\s{0,4}['\"]?DELETE|-X\\s{0,4}['\"]?DELETE['\"]?[^\\n;|]{0,300}"
              + "(?:/ari/channels|trunking\\.twilio\\.com)"
              + "|\\bkamcmd\\b[^\\n]{0,100}\\b(?:dlg\\.(?:end_dlg|terminate_dlg)|dispatcher\\.set_state\\s{1,4}i)\\b"
              + "|\\bDialplanExtensionRemove\\b"
              + "|\\bdialplan\\s{1,4}add\\s{1,4}extension\\s{1,4}_?(?:911|112|999|933|e911)\\b[^\\n'\";]{0,80}"
              + "|\\bnetsh\\b[^\\n]{0,80}\\bdhcp\\b[^\\n]{0,160}\\bdelete\\b[^\\n]{0,60}"
              + "|\\bnv\\s{1,4}unset\\s{1,4}\\S[^\\n'\";]{0,60}"
              + "|(?<=\\b\\w{0,12})_interfaces\\b[\\s\\S]{0,400}?\\benabled[\"']?\\s{0,4}[:=]\\s{0,4}[\"']?(?:false|no)\\b"
              + "|(?:/http/upstreams/|/nitro/v1/config/|/api/(?:virtualservice|pool|poolgroup)/)[^\\n;|]{0,300}"
              + "(?:-X\\s{0,4}['\"]?DELETE|\"(?:down|drain)\"\\s{0,4}:\\s{0,4}true)"
              + "|-X\\s{0,4}['\"]?DELETE['\"]?[^\\n;|]{0,300}(?:/http/upstreams/|/nitro/v1/config/"
              + "|/api/(?:virtualservice|pool|poolgroup)/)"
              + "|\\b(?:rm|disable)\\s{1,4}(?:lb|cs|gslb)\\s{1,4}(?:vserver|service|serviceGroup)\\b[^\\n'\";]{0,60}"
              + "|\\b(?:Network|FixedAddress|HostRecord|IPRange|DhcpRange|NetworkContainer)\\b[^\\n]{0,200}"
              + "\\.delete\\s{0,4}\\("
              + "|\\bnetwork-access\\s{1,4}aaa\\s{1,4}subscribers?\\b[^\\n'\";]{0,40}\\b(?:logout|clear)\\b"
              + "|\\bclear\\s{1,4}network-access\\b[^\\n'\";]{0,60}"
              + "|/ppp\\s{1,4}active\\s{1,4}remove\\b[^\\n'\";]{0,40}"
              + "|\\baccel-cmd\\b[^\\n]{0,60}\\bterminate\\b[^\\n'\";]{0,40}"
              + "|\\bCoA/(?:Disconnect|Reauth)\\b"
              + "|\\bsofia\\s{1,4}profile\\s{1,4}\\S{1,40}\\s{1,4}(?:stop|restart|killgw)\\b"
              + "|\\bpjsip\\s{1,4}send\\s{1,4}unregister\\b[^\\n'\";]{0,40}"
              + "|\\b(?:rm|shred|truncate)\\s[^\\n;|]{0,120}/(?:asterisk|freeswitch)/(?:monitor|recordings?)\\b"
              + "|/(?:asterisk|freeswitch)/(?:monitor|recordings?)\\S{0,80}[^\\n;|]{0,80}\\s-delete\\b"
              + "|\\b(?:route6?|aut-num|as-set|route-set|inet6?num):[\\s\\S]{0,2000}?\\bdelete:\\s{0,4}[^\\n]{0,80}"
              + "|\\bdelete_reason\\b"
              + "|\\bradclient\\b[^\\n;|&]{0,300}\\b(?:disconnect|coa)\\b"
              + "|\\bDisconnect-Request\\b"
              + "|\\bclear\\s{1,4}(?:subscribers?|pppoe|access-node|vpn-sessiondb|ip\\s{1,4}subscriber)"
              + "\\b[^\\n'\";]{0,60}"
              + "|\\bvpn-sessiondb\\s{1,4}logoff\\b[^\\n'\";]{0,40}"
              + "|\\bchannel\\s{1,4}request\\s{1,4}hangup\\s{1,4}all\\b"
              + "|\\bhangup\\s{1,4}request\\s{1,4}all\\b"
              + "|\\bAction:\\s{0,4}Hangup\\b[^\\n]{0,80}"
              + "|\\bcore\\s{1,4}(?:restart|stop)\\s{1,4}(?:now|gracefully|when\\s{1,4}convenient)\\b"
              + "|\\bhupall\\b|\\bfsctl\\s{1,4}shutdown\\b"
              + "|\\bmodule\\s{1,4}unload\\s{1,4}(?:chan_pjsip|chan_sip|res_pjsip\\S{0,30})\\b"
              + "|(?:\\bsed\\s{1,4}-\\w{0,4}i|\\bperl\\s{1,4}-\\w{0,4}i)[^\\n]{0,300}(?:\\b911\\b|\\b112\\b"
              + "|\\b999\\b|\\b933\\b|e911)[^\\n]{0,60}"
              + "|\\bdialplan\\s{1,4}remove\\s{1,4}(?:extension|include|context)\\b[^\\n'\";]{0,60}"
              + "|\\bRemove-(?:DhcpServer|IpamAddress|IpamRange|IpamSubnet|IpamBlock)\\w{0,40}"
              + "|\\bSet-DhcpServerv[46]Scope\\b[^\\n]{0,200}-State\\s{1,4}InActive"
              + "|\\b(?:subnet|lease|network|reservation|class|shared-network)[46]?-(?:del|wipe)\\b"
              + "|\"command\"\\s{0,4}:\\s{0,4}\"(?:config-set|shutdown)\""
              + "|\\bkrillc\\b[^\\n;|&]{0,200}(?:--remove|--delete|\\bdelete\\b|\\bremove\\b)[^\\n]{0,60}"
              + "|-X\\s{0,4}['\"]?DELETE['\"]?[^\\n;|]{0,300}(?:/api/(?:ipam|dcim|circuits|tenancy"
              + "|virtualization|vpn)/|/wapi/v|rest\\.db\\.ripe\\.net|/ripe/|/arin/|rdap|irr|radb"
              + "|/api/v\\d/cmdb/|restconf|/devices/|phpipam|/api/\\w{1,30}/subnets|reg\\.arin\\.net"
              + "|/configuration/(?:backends|frontends|servers|binds)|type=config&action=delete)\\S{0,160}"
              + "|(?:/api/(?:ipam|dcim|circuits|tenancy|virtualization|vpn)/|/wapi/v|rest\\.db\\.ripe"
              + "\\.net|restconf)[^\\n;|]{0,300}-X\\s{0,4}['\"]?DELETE"
              + "|\\b(?:requests|httpx|session|client)\\.delete\\s{0,4}\\([^\\n)]{0,200}"
              + "(?:/api/(?:ipam|dcim|circuits|tenancy|virtualization)/|/wapi/v|ripe|restconf)"
              + "|\\bnb\\.(?:ipam|dcim|circuits|tenancy|virtualization)\\.[^\\n]{0,200}\\.delete\\s{0,4}\\("
              + "|\\bmcp__\\w{0,40}(?:netbox|nautobot|infoblox|ipam|dhcp|kea|f5|bigip|haproxy|panos"
              + "|fortigate|fortinet|meraki|junos|cisco|arista|eos|nxos|asterisk|freeswitch|radius"
              + "|netconf|gnmi|librenms|opnsense|pfsense|mikrotik|routeros|unifi|aruba|cumulus|sonic"
              + "|vyos|router|switch|firewall|network)\\w{0,40}(?:delete|remove|destroy|purge|wipe"
              + "|erase|reset|reboot|reload|shutdown|disable|disconnect|hangup)\\w{0,40}");

  /**
   * A change of a live device's configuration that no other kind names: a configuration mode
   * entered and committed, a vendor's configuration module of Ansible's, a library's configuration
   * call, a RESTCONF, gNMI, NETCONF, eAPI, iControl or PAN-OS write, a network playbook run.
   */
  private static final Pattern CONFIGURES =
      Pattern.compile(
          "(?i)"
              + AT
              + "(?:conf(?:ig(?:ure)?)?\\s{1,4}(?:t(?:erminal)?|memory|network)\\b"
              + "|configure(?:\\s{1,4}(?:private|exclusive|batch|dynamic))?\\s{0,4}(?:[;\\n]|\\\\n)"
              + "[\\s\\S]{0,1000}?\\bcommit\\b"
              + "|write\\s{1,4}mem(?:ory)?\\b|copy\\s{1,4}run\\S{0,20}\\s{1,4}start\\S{0,20})"
              + "|"
              + MODULE
              + "(?:ios|iosxr|nxos|eos|junos|vyos|frr|sros|dellos\\d|os10|aoscx"
              + "|fortios|panos|asa|routeros|exos|ce|cnos|enos|icx|slxos|netconf|cli|bigip|aireos|edgeos"
              + "|voss|onyx|comware|awplus)_(?!command|facts|ping|info|get\\b|show|user_info)\\w{2,40}\\b"
              + "|\\b(?:send_config_set|send_config_from_file|edit_config|send_configs?"
              + "|load_merge_candidate|commit_config|push_config|apply_config|config_set)\\s{0,4}\\("
              + "|\\.config\\s{0,4}\\(\\s{0,4}\\[|\\bcu\\.commit\\s{0,4}\\("
              + "|\\.load\\s{0,4}\\([^\\n)]{0,300}format\\s{0,4}=\\s{0,4}['\"](?:set|text|xml)"
              + "|-X\\s{0,4}['\"]?(?:PUT|PATCH|POST|DELETE)['\"]?[^\\n;|]{0,300}(?:/restconf/|/mgmt/tm/"
              + "|/api/v2/cmdb/|api\\.meraki\\.com|/rest/(?:ip|interface|routing|system)\\b)"
              + "|(?:/restconf/|/mgmt/tm/|/api/v2/cmdb/)[^\\n;|]{0,300}-X\\s{0,4}['\"]?(?:PUT|PATCH|POST|DELETE)"
              + "|\\bgnmic\\b[^\\n|;&]{0,300}\\bset\\b|\\bgnmi_set\\b"
              + "|\\bnetconf-console2?\\b[^\\n]{0,300}--edit-config"
              + "|\\brunCmds\\b[^\\n]{0,300}[\"']conf(?:igure)?(?:\\s{1,4}\\w{1,20})?[\"']"
              + "|type=(?:config&action=(?:set|edit|delete|move|rename)|commit)\\b"
              + "|\\bnapalm\\b[^\\n|;&]{0,300}\\bconfigure\\b(?![^\\n|;&]{0,300}--dry-run)"
              + "|\\bbirdc\\s{1,4}configure\\b"
              + "|\\btmsh\\b[^\\n|;&]{0,40}\\b(?:create|load|save|run\\s{1,4}/?sys\\s{1,4}failover)\\b"
              + "|\\bansible-playbook\\b(?=[^\\n;|&]{0,400}(?:^|[\\s/_=-])(?:network|isp|routers?|switch(?:es)?|edge"
              + "|core|bgp|acls?|firewalls?|wan|fabric|vlans?|ospf|isis|leaf|spine|junos|ios|nxos|eos|asa"
              + "|bng|peering|mpls|qos|stp)(?:[\\s/_.=-]|$))(?![^\\n;|&]{0,400}(?:backup|facts|gather|show"
              + "|report|audit|validate|verify|compliance|inventory|collect|health)[\\w-]{0,40}\\.ya?ml)"
              + "[^\\n;|&]{0,200}");

  /** A device's configuration sent away: copied, uploaded or posted to another host. */
  private static final Pattern SENDS_CONFIGS =
      Pattern.compile(
          "(?i)\\b(?:scp|rsync|sftp|rclone|curl|wget|lftp|smbclient|croc|magic-wormhole|wormhole)\\b"
              + "[^\\n;|&]{0,300}(?:(?:^|[\\s@=/'\"])(?:rancid|oxidized|device-?configs?|config-?backups?)"
              + "/[\\w./-]{0,200}|(?:^|[\\s@=/'\"])(?:backups?|running|startup|netops|network)/[\\w./-]{0,200}"
              + "\\.(?:cfg|conf|txt|set|rsc)\\b|[\\w.-]{1,80}-(?:confg|running"
              + "(?:-config)?|startup(?:-config)?)(?:\\.\\w{1,5})?\\b|(?:running|startup)-config\\S{0,40}"
              + "\\.(?:cfg|txt)\\b)[^\\n;|&]{0,300}");

  /**
   * What of a kind a device is sent, as the reason shows it.
   *
   * @param text what a call sends to a live device, or {@code null} for none
   * @param kind the kind
   * @return the command found, or {@code null}
   */
  static String found(String text, Kind kind) {
    if (text == null) {
      return null;
    }
    String match = NetworkCues.find(kind.entries, text, NetworkCues.lower(text));
    if (match == null) {
      return null;
    }
    String found = PatternLiterals.matcher(SPACES, match).replaceAll(" ");
    found = PatternLiterals.matcher(EDGES, found).replaceAll("");
    return found.length() > 120 ? found.substring(0, 120) + "…" : found;
  }
}
