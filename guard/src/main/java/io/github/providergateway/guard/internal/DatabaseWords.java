package io.github.providergateway.guard.internal;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a database's own words say a command does (issue 80 round 8, decision 129), one pattern a
 * kind of the {@code databases} rules: read over the SQL, the shell's {@code --eval}, a store's
 * command, a control plane's options or a request's body a program of the trade is given. Each
 * names the act in the product's own words ({@code synchronous_commit=off}, {@code
 * setDefaultRWConcern … j: false}, {@code pc.bootstrap=YES}), so that a read of the same objects
 * ({@code SHOW}, {@code rs.status()}, {@code pg_replication_slots}) meets none.
 */
final class DatabaseWords {
  private DatabaseWords() {}

  /** The most text read. */
  static final int MAX_TEXT = 32 * 1024;

  /** A forced change of which node leads: an outage and, with an async replica, lost commits. */
  static final Pattern FAILOVER =
      Pattern.compile(
          "(?i)\\brs\\.stepDown\\s*\\(|\\breplSetStepDown\\b|\\brs\\.remove\\s*\\("
              + "|\\bCLUSTER\\s+FAILOVER\\b|\\bSENTINEL\\s+(?:FAILOVER|REMOVE|RESET|SET)\\b"
              + "|--cluster\\s+(?:fix|del-node|reshard|rebalance)\\b"
              + "|:8008/(?:failover|switchover|restart|reinitialize)\\b"
              + "|:8008/config\\b[\\s\\S]{0,500}?\"pause\"\\s*:\\s*true"
              + "|/api/(?:force-master-failover|force-master-takeover|graceful-master-takeover"
              + "|recover|relocate)\\b"
              + "|\\bCHANGE\\s+(?:MASTER|REPLICATION\\s+SOURCE)\\s+TO\\b"
              // decision 205: SQL Server's availability group loses a replica or fails over
              + "|\\bALTER\\s+AVAILABILITY\\s+GROUP\\s+\\S+\\s+(?:REMOVE\\s+REPLICA|FORCE_FAILOVER_ALLOW_DATA_LOSS"
              + "|FAILOVER|OFFLINE)\\b|\\bDROP\\s+AVAILABILITY\\s+GROUP\\b"
              + "|\\bALTER\\s+DATABASE\\s+\\S+\\s+SET\\s+HADR\\s+OFF\\b");

  /** Two leaders or a member cut out by force: a split brain, divergent timelines. */
  static final Pattern SPLIT_BRAIN =
      Pattern.compile(
          "(?i)\\breconfig\\s*\\([\\s\\S]{0,2000}?\\bforce\\s*:\\s*true"
              + "|\\breplSetReconfig\\b[\\s\\S]{0,2000}?\\bforce\\s*:\\s*true"
              + "|pc\\.(?:bootstrap|ignore_quorum|ignore_sb)\\s*=\\s*(?:YES|1|true)\\b"
              + "|--wsrep-new-cluster\\b|\\bsafe_to_bootstrap\\s*:\\s*1\\b"
              + "|\\bwsrep_cluster_address\\s*=\\s*['\"]?gcomm://['\"]?(?:\\s*;|\\s*$)"
              + "|\\bCLUSTER\\s+FAILOVER\\s+(?:TAKEOVER|FORCE)\\b"
              + "|\\bCLUSTER\\s+(?:RESET|FORGET|DELSLOTS|DELSLOTSRANGE|SETSLOT)\\b"
              + "|\\b(?:REPLICAOF|SLAVEOF)\\s+(?:NO\\s+ONE|[\\w.-]+\\s+\\d+)\\b"
              + "|\\bpg_promote\\s*\\(");

  /** Durability turned off in the product's own words. */
  static final Pattern DURABILITY_OFF =
      Pattern.compile(
          "(?i)\\bsynchronous_mode['\"]?\\s*[=:]\\s*['\"]?(?:false|off)\\b"
              + "|\\bsynchronous_commit['\"]?\\s*(?:[=:]|\\bTO\\b)\\s*['\"]?(?:off|local)\\b"
              + "|\\bsynchronous_standby_names\\s*(?:=|\\bTO\\b)\\s*(?:''|\"\")"
              + "|\\bsetDefaultRWConcern\\b[\\s\\S]{0,400}?(?:\\bw['\"]?\\s*:\\s*[01]\\b|\\bj['\"]?\\s*:\\s*false)"
              + "|\\bwriteConcern['\"]?\\s*:\\s*\\{\\s*['\"]?w['\"]?\\s*:\\s*0\\b"
              + "|\\bwriteConcernMajorityJournalDefault\\s*:\\s*false"
              + "|\\bdurable_writes\\s*=\\s*false\\b"
              + "|\\bALTER\\s+KEYSPACE\\b[\\s\\S]{0,300}?'replication_factor'\\s*:\\s*'?1'?\\s*\\}"
              + "|\\bSET\\s+UNLOGGED\\b"
              + "|\\bwsrep_on\\s*=\\s*['\"]?(?:OFF|0)\\b"
              + "|\\brpl_semi_sync_(?:master|source)_enabled\\s*=\\s*['\"]?(?:OFF|0)\\b"
              + "|translog\\.durability\"?\\s*[:=]\\s*\"?async"
              + "|--no-multi-az\\b|--availability-type[=\\s]zonal\\b|--high-availability[=\\s]Disabled");

  /** A replication error skipped rather than mended: the replica silently differs from then on. */
  static final Pattern REPLICATION_SKIPPED =
      Pattern.compile(
          "(?i)\\bsql_(?:slave|replica)_skip_counter\\s*=\\s*\\d"
              + "|\\b(?:slave|replica)_skip_errors\\s*=\\s*['\"]?(?:all|\\d)"
              + "|\\bSET\\s+GTID_NEXT\\s*=\\s*'[^']+'\\s*;\\s*BEGIN\\s*;\\s*COMMIT\\b"
              + "|\\bALTER\\s+SUBSCRIPTION\\s+\\S+\\s+SKIP\\b"
              + "|\\bsql_log_bin\\s*=\\s*(?:0|OFF)\\b"
              + "|\\bpg_replication_origin_advance\\s*\\(");

  /** A replication slot made and left: it holds WAL back until the disk fills. */
  static final Pattern SLOT_OPENED =
      Pattern.compile(
          "(?i)\\bpg_create_(?:logical|physical)_replication_slot\\s*\\("
              + "|\\bCREATE_REPLICATION_SLOT\\b|--create-slot\\b");

  /** A lock on every reader or writer, or the database made unwritable or unreachable. */
  static final Pattern LOCKS =
      Pattern.compile(
          "(?i)\\bCREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+(?!CONCURRENTLY\\b)"
              + "|\\bDROP\\s+INDEX\\s+(?!CONCURRENTLY\\b)|\\bdropIndex(?:es)?\\s*\\("
              + "|\\bREINDEX\\s+(?:\\([^)]*\\)\\s*)?(?:TABLE|INDEX|DATABASE|SCHEMA|SYSTEM)\\s+(?!CONCURRENTLY\\b)"
              + "|\\bREFRESH\\s+MATERIALIZED\\s+VIEW\\s+(?!CONCURRENTLY\\b)"
              + "|\\bVACUUM\\s*(?:\\(\\s*)?FULL\\b|\\bCLUSTER\\s+(?:VERBOSE\\s+)?[\\w.]+\\s+USING\\b"
              + "|\\bLOCK\\s+TABLES?\\b|\\bFLUSH\\s+TABLES\\s+WITH\\s+READ\\s+LOCK\\b"
              + "|\\bOPTIMIZE\\s+TABLE\\b|\\bALGORITHM\\s*=\\s*COPY\\b|\\bLOCK\\s*=\\s*EXCLUSIVE\\b"
              + "|\\bALTER\\s+COLUMN\\s+[\\w\"]+\\s+(?:SET\\s+DATA\\s+)?TYPE\\b"
              + "|\\bALTER\\s+COLUMN\\s+[\\w\"]+\\s+SET\\s+NOT\\s+NULL\\b|\\bADD\\s+PRIMARY\\s+KEY\\s*\\("
              + "|\\bADD\\s+CONSTRAINT\\s+[\\w\"]+\\s+(?:FOREIGN\\s+KEY|CHECK)\\b(?![^;]*\\bNOT\\s+VALID\\b)"
              + "|\\bdefault_transaction_read_only\\s*(?:=|\\bTO\\b)\\s*['\"]?(?:on|true)\\b"
              + "|\\bSET\\s+(?:GLOBAL|PERSIST)\\s+(?:super_)?read_only\\s*=\\s*(?:ON|1)\\b"
              + "|\\bSET\\s+(?:GLOBAL|PERSIST)\\s+offline_mode\\s*=\\s*(?:ON|1)\\b"
              + "|\\bmax_connections\\s*(?:=|\\bTO\\b)\\s*['\"]?\\d\\b(?!\\d)"
              + "|\\bautovacuum\\s*(?:=|\\bTO\\b)\\s*['\"]?off\\b"
              + "|\\bALLOW_CONNECTIONS\\s+false\\b|\\bCONNECTION\\s+LIMIT\\s+0\\b"
              + "|\\bdatallowconn\\s*=\\s*false\\b"
              + "|\\bALTER\\s+(?:ROLE|USER)\\s+[\\w\"@'%.]+\\s+(?:WITH\\s+)?(?:NOLOGIN\\b|ACCOUNT\\s+LOCK\\b"
              + "|(?:ENCRYPTED\\s+)?PASSWORD\\b|IDENTIFIED\\s+BY\\b)"
              + "|\\bALTER\\s+SEQUENCE\\s+[\\w.\"]+\\s+RESTART\\b"
              // decision 205: a sequence set back to a number written down, as RESTART does
              + "|\\bsetval\\s*\\(\\s*'[^']{1,200}'(?:::regclass)?\\s*,\\s*\\d+\\s*[,)]"
              + "|\\bpg_terminate_backend\\s*\\(\\s*pid\\s*\\)\\s*FROM\\s+pg_stat_activity\\b"
              + "|\\bfsyncLock\\s*\\(|\\bfsync\\s*:\\s*1\\s*,\\s*lock\\s*:\\s*true"
              + "|\\bsetFeatureCompatibilityVersion\\b|\\bshutdownServer\\s*\\(|\\bcompact\\s*:\\s*['\"]"
              + "|\\bCLIENT\\s+PAUSE\\b|\\bDEBUG\\s+(?:SLEEP|SEGFAULT|RELOAD)\\b"
              + "|\\bCLIENT\\s+KILL\\s+(?:\\S+\\s+){0,6}?(?:TYPE|USER|LADDR|MAXAGE)\\b"
              + "|\\bSHUTDOWN\\s+NOSAVE\\b|(?m:^\\s*(?:PAUSE|SUSPEND|SHUTDOWN|DISABLE\\s+\\w+)\\s*;?\\s*$)"
              + "|\\bOFFLINE_(?:HARD|SOFT)\\b|\\bDELETE\\s+FROM\\s+mysql_servers\\b"
              + "|cluster\\.routing\\.allocation\\.enable\"?\\s*:\\s*\"?none"
              + "|index\\.blocks\\.(?:write|read_only|read_only_allow_delete)\"?\\s*:\\s*\"?true"
              + "|/_close\\b");

  /** Data destroyed with no DROP TABLE: a column, a partition, a tablespace, an extension's. */
  static final Pattern DESTROYS =
      Pattern.compile(
          "(?i)\\bDISCARD\\s+TABLESPACE\\b"
              // decision 205: a backup restored over the database that is there
              + "|\\bRESTORE\\s+DATABASE\\b[^;]{0,2000}?\\bWITH\\b[^;]{0,600}?\\bREPLACE\\b"
              + "|\\bDROP\\s+(?:EXTENSION|SCHEMA|TYPE|DOMAIN)\\b[^;]{0,300}\\bCASCADE\\b"
              + "|\\bDROP\\s+OWNED\\s+BY\\b"
              + "|\\bALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?[\\w.\"`]+\\s+DROP\\s+"
              + "(?:COLUMN\\b|PARTITION\\b|(?!CONSTRAINT\\b|INDEX\\b|KEY\\b|FOREIGN\\b|PRIMARY\\b"
              + "|DEFAULT\\b|NOT\\b|CHECK\\b|IDENTITY\\b|EXPRESSION\\b|TRIGGER\\b|IF\\b)[a-z_])"
              + "|\\bDROP\\s+(?:COLUMN|PARTITION)\\b"
              + "|\\bENGINE\\s*=\\s*BLACKHOLE\\b"
              + "|\\bTYPE\\s+(?:integer|int[248]?|smallint|bigint|date|boolean)\\s+USING\\s+[\\w\"]+\\s*::"
              + "|\\bdrop_chunks\\s*\\("
              + "|\\brenameCollection\\s*\\([^)]*,\\s*true\\s*\\)|\\bdropTarget\\s*:\\s*true"
              + "|\\bupdateMany\\s*\\(\\s*\\{\\s*\\}\\s*,\\s*\\{\\s*['\"]?\\$unset"
              + "|_delete_by_query\\b[\\s\\S]{0,300}?match_all"
              + "|<delete>\\s*<query>\\s*\\*:\\*\\s*</query>"
              + "|[\"']delete[\"']\\s*:\\s*\\{\\s*[\"']query[\"']\\s*:\\s*[\"']\\*:\\*[\"']"
              + "|redis\\.call\\s*\\(\\s*['\"](?:DEL|UNLINK|FLUSHALL|FLUSHDB)['\"]");

  /** A command run on the database server's own machine, or files written there. */
  static final Pattern RUNS_ON_SERVER =
      Pattern.compile(
          "(?i)\\bCOPY\\b[\\s\\S]{0,2000}?\\b(?:TO|FROM)\\s+PROGRAM\\b"
              + "|\\blo_export\\s*\\(|\\bINTO\\s+(?:OUT|DUMP)FILE\\b|\\bxp_cmdshell\\b"
              + "|\\bLANGUAGE\\s+['\"]?(?:plpython3?u|plperlu|plsh|c)['\"]?\\b"
              + "|\\bCREATE\\s+EXTENSION\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?['\"]?(?:plpython3?u|plperlu|plsh|adminpack)"
              + "|\\bsys_(?:exec|eval)\\s*\\("
              + "|\\bCONFIG\\s+SET\\s+(?:dir|dbfilename)\\b|\\bMODULE\\s+LOAD\\b"
              + "|\\bGRANT\\s+pg_(?:execute_server_program|write_server_files)\\b");

  /** Who may reach or act on the database widened to anyone, or to a superuser's powers. */
  static final Pattern ACCESS_WIDENED =
      Pattern.compile(
          "(?i)\\b(?:ALTER|CREATE)\\s+(?:ROLE|USER)\\b[^;]{0,300}?(?<!NO)\\b(?:SUPERUSER|BYPASSRLS)\\b"
              + "|\\bGRANT\\s+(?:ALL(?:\\s+PRIVILEGES)?|SUPER)\\s+ON\\s+\\*\\.\\*"
              + "|\\bGRANT\\s+ALL\\b[^;]{0,300}\\bTO\\s+PUBLIC\\b"
              + "|\\bGRANT\\s+(?:rds_superuser|cloudsqlsuperuser|azure_pg_admin|rds_superuser_role)\\s+TO\\b"
              + "|\\bIDENTIFIED\\s+BY\\s+(?:''|\"\")"
              + "|\\b(?:grantRolesToUser|createUser|updateUser)\\b[\\s\\S]{0,600}?['\"](?:root|__system"
              + "|clusterAdmin|userAdminAnyDatabase|dbAdminAnyDatabase|readWriteAnyDatabase)['\"]"
              + "|\\brequirepass\\s+(?:''|\"\"|$)|\\bACL\\s+SETUSER\\b[\\s\\S]{0,300}?\\bnopass\\b"
              + "|\\bprotected-mode\\s+no\\b"
              + "|--authorized-networks[=\\s](?:\\S*,)?0\\.0\\.0\\.0/0|--publicly-accessible\\b"
              + "|--start-ip-address[=\\s]0\\.0\\.0\\.0\\b[\\s\\S]{0,80}--end-ip-address[=\\s]255\\.255\\.255\\.255"
              + "|--ssl-mode[=\\s]ALLOW_UNENCRYPTED_AND_ENCRYPTED|--no-require-ssl\\b"
              + "|\\brequire_secure_transport\\s*=\\s*['\"]?(?:OFF|0)\\b"
              + "|rds\\.force_ssl,\\s*ParameterValue=0"
              + "|\\batlasAdmin\\b|\\baccessLists?\\s+create\\s+(?:--entry[=\\s])?0\\.0\\.0\\.0/0");

  /** Audit logging turned off in the product's words. */
  static final Pattern AUDIT_OFF =
      Pattern.compile(
          "(?i)\\bpgaudit\\.log\\s*(?:=|\\bTO\\b)\\s*['\"]?none\\b"
              + "|\\bpgaudit\\.\\w+\\s*(?:=|\\bTO\\b)\\s*['\"]?off\\b"
              + "|\\bDROP\\s+EXTENSION\\s+(?:IF\\s+EXISTS\\s+)?pgaudit\\b"
              + "|\\blog_statement\\s*(?:=|\\bTO\\b)\\s*['\"]?none\\b"
              + "|\\bUNINSTALL\\s+(?:PLUGIN|COMPONENT)\\s+['\"]?[\\w:/]*audit"
              + "|\\b(?:server_audit_logging|audit_log_enabled|audit_trail)\\s*=\\s*['\"]?(?:OFF|0|NONE)\\b"
              + "|\\baudit_log_(?:policy|filter)\\s*=\\s*['\"]?NONE\\b"
              + "|DisableLogTypes[\\s\\S]{0,40}?audit|--options-to-remove\\s+\\S*AUDIT"
              + "|\\bauditing\\s+update\\b[\\s\\S]{0,120}?--enabled[=\\s]false"
              + "|cloudsql\\.enable_pgaudit=off|\\bauditAuthorizationSuccess\\s*:\\s*false");

  /** Rows deleted later by the database itself: a TTL, a retention, a scheduled delete. */
  static final Pattern DELETES_LATER =
      Pattern.compile(
          "(?i)\\bpart_config\\b[^;]{0,300}\\bretention\\b"
              + "|\\bcron\\.(?:schedule(?:_in_database)?|alter_job)\\s*\\([\\s\\S]{0,600}?\\b(?:DELETE|DROP|TRUNCATE)\\b"
              + "|\\bCREATE\\s+EVENT\\b[\\s\\S]{0,600}?\\bDO\\b[\\s\\S]{0,300}?\\b(?:DELETE|DROP|TRUNCATE)\\b"
              + "|\\bdefault_time_to_live\\s*=\\s*[1-9]|\\bgc_grace_seconds\\s*=\\s*0\\b"
              + "|\\b(?:createIndex(?:es)?|ensureIndex|collMod)\\b[\\s\\S]{0,600}?\\bexpireAfterSeconds\\b|\\bMODIFY\\s+TTL\\b|\\badd_retention_policy\\s*\\("
              + "|_ilm/policy/[\\s\\S]{0,2000}?\"delete\"|_ism/policies/[\\s\\S]{0,2000}?\"delete\""
              + "|\"data_retention\"\\s*:\\s*\"\\d"
              + "|\\bpartition_expiration_days\\s*=|\\bexpiration_timestamp\\s*="
              + "|--(?:time_partitioning_expiration|default_table_expiration|default_partition_expiration)\\b"
              + "|\\bDATA_RETENTION_TIME_IN_DAYS\\s*=\\s*0\\b"
              + "|\\bmaxmemory-policy\\s+['\"]?allkeys-");

  /**
   * Rows written (issue 80, decision 149): a statement that changes rows, at a statement's start
   * (an UPDATE's SET, a DELETE, an INSERT, a MERGE, a REPLACE, a TRUNCATE; an EXPLAIN without
   * ANALYZE changes nothing and does not start with one; a string's opening quotes may come first,
   * as in code's {@code execute("UPDATE …")}), or a MongoDB collection's method that writes.
   * Decision 152: a comment of either form may come first, a {@code WITH} clause's queries ({@code
   * WITH t AS (…) UPDATE}), and an option's {@code =} ({@code --execute="UPDATE …"}). Decision 192:
   * T-SQL's DELETE with its table or alias before FROM or WHERE ({@code DELETE vr FROM
   * dbo.VictimNotification vr JOIN …}, {@code DELETE TOP (500) dbo.Sessions WHERE …}). Decision
   * 199: a table's name may hold sqlcmd's scripting variables, which it puts in before the server
   * reads the statement ({@code UPDATE $(T) SET $(C) = …}). Decision 205: Perl's quote operators
   * may open the statement as a quote does ({@code $dbh->do(q{DELETE FROM …})}). Decision 226: a
   * bulk load ({@code COPY t FROM}, psql's {@code \copy t FROM}, {@code LOAD DATA}) and a procedure
   * run ({@link ProcedureCalls}).
   */
  /**
   * One or more tables, each with its alias, comma-separated: {@code users u}, {@code users, orgs}
   * (MySQL's multi-table UPDATE and DELETE), a table's name may hold sqlcmd's {@code $(T)}.
   */
  private static final String TABLES =
      "(?:[\\w.\"`\\[\\]]|\\$\\(\\w+\\))+(?:\\s+(?:AS\\s+)?(?!SET\\b|FROM\\b|WHERE\\b|JOIN\\b)\\w+)?"
          + "(?:\\s*,\\s*(?:[\\w.\"`\\[\\]])+(?:\\s+(?:AS\\s+)?(?!SET\\b|FROM\\b|WHERE\\b)\\w+)?)*";

  static final Pattern ROWS_WRITTEN =
      Pattern.compile(
          "(?im)(?:^|[;(]|\\bTHEN\\b|\\bBEGIN\\b|^--?[\\w.-]+=(?=[A-Za-z/])|\\\\\\\\)\\s*"
              + "(?:(?:--[^\\n]*\\n|/\\*(?:[^*]|\\*(?!/))*\\*/)\\s*)*(?:(?:[\"'`]{1,3}|\\bqq?[{(\\[|/!])\\s*)?"
              + "(?:WITH\\s(?:'[^']*'|[^;'])*?\\)\\s*)?"
              + "(?:UPDATE\\s+(?:(?:LOW_PRIORITY|IGNORE|ONLY)\\s+)*"
              + TABLES
              + "\\s+"
              + "(?:SET|(?:(?:INNER|LEFT|RIGHT|CROSS|STRAIGHT)\\s+)?JOIN)\\b"
              + "|DELETE\\s+(?:(?:LOW_PRIORITY|QUICK|IGNORE)\\s+)*(?:TOP\\s*\\(\\s*\\d+\\s*\\)\\s*)?"
              + "(?:FROM\\b|"
              + TABLES
              + "\\s+(?:FROM|WHERE)\\b)"
              + "|(?:INSERT|REPLACE)\\s+(?:(?:IGNORE|LOW_PRIORITY|DELAYED|HIGH_PRIORITY)\\s+)*"
              + "(?:INTO|OVERWRITE)\\b|MERGE\\s+INTO\\b|UPSERT\\s+INTO\\b"
              // MySQL's and T-SQL's INTO is optional: INSERT admins SET …, REPLACE t (…) VALUES
              + "|(?:INSERT|REPLACE)\\s+(?:IGNORE\\s+)?[\\w.\"`\\[\\]]+\\s*(?:\\(|VALUES\\b|SET\\b|SELECT\\b)"
              + "|TRUNCATE\\s+(?:TABLE\\s+)?(?:[\\w.\"`]|\\$\\(\\w+\\))+"
              + "|\\\\?COPY\\s+[\\w.\"`\\[\\]]+(?:\\s*\\([^)]{0,2000}\\))?\\s+FROM\\b|LOAD\\s+DATA\\b|"
              + ProcedureCalls.FORMS
              + ")"
              + "|\\.(?:updateOne|updateMany|deleteOne|deleteMany|replaceOne|insertOne|insertMany"
              + "|findOneAndUpdate|findOneAndReplace|findOneAndDelete|bulkWrite)\\s*\\(");

  /** Each kind's pattern by its name, as the predicates are named after it. */
  static final Map<String, Pattern> BY_KIND =
      Map.ofEntries(
          Map.entry("failover", FAILOVER),
          Map.entry("split-brain", SPLIT_BRAIN),
          Map.entry("durability-off", DURABILITY_OFF),
          Map.entry("replication-skipped", REPLICATION_SKIPPED),
          Map.entry("slot-opened", SLOT_OPENED),
          Map.entry("locks", LOCKS),
          Map.entry("destroys", DESTROYS),
          Map.entry("runs-on-server", RUNS_ON_SERVER),
          Map.entry("access-widened", ACCESS_WIDENED),
          Map.entry("audit-off", AUDIT_OFF),
          Map.entry("deletes-later", DELETES_LATER),
          Map.entry("rows-written", ROWS_WRITTEN),
          Map.entry("history-destroyed", LakeWords.HISTORY_DESTROYED),
          Map.entry("table-rewritten", LakeWords.TABLE_REWRITTEN),
          Map.entry("secrets-selected", SensitiveReads.SECRETS_SELECTED),
          Map.entry("special-selected", SensitiveReads.SPECIAL_SELECTED));

  /**
   * What a kind's pattern finds in a text, or {@code null}.
   *
   * @param kind the kind's name, a key of {@link #BY_KIND}
   * @param text the text
   * @return the words found, or {@code null}
   */
  static String found(String kind, String text) {
    if (text == null || text.isEmpty()) {
      return null;
    }
    Pattern pattern = BY_KIND.get(kind);
    if (pattern == null) {
      throw new IllegalArgumentException("no kind of database words is named " + kind);
    }
    String read = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    if (pattern == ROWS_WRITTEN && read.contains("/*")) {
      // A comment is a blank to the server: DELETE/**/FROM, UPDATE /* fix */ users SET (rtq)
      read = BLOCK_COMMENT.matcher(read).replaceAll(" ");
    }
    if (!PatternLiterals.mayFind(pattern, read)) {
      return null;
    }
    Matcher m = pattern.matcher(read);
    while (m.find()) {
      if (kind.equals("durability-off") && sessionOnly(read, m.start())) {
        continue; // SET synchronous_commit = off: this session's own commits, a bulk load's way
      }
      if (SensitiveReads.KINDS.containsKey(kind) && SensitiveReads.counted(read, m)) {
        continue; // count(…), GROUP BY: a category's counts, no one's row
      }
      return m.group();
    }
    return null;
  }

  /** A block comment, MySQL's {@code /*! … *}{@code /} left, whose text runs. */
  private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*(?!!)[\\s\\S]*?\\*/");

  /** A statement that sets a value for its session or transaction: SET, not SET GLOBAL. */
  private static final Pattern SESSION_SET =
      Pattern.compile("(?i)^SET\\s+(?!GLOBAL\\b|PERSIST\\b|PERSIST_ONLY\\b)");

  /** Whether the statement a match stands in begins with a session's SET. */
  private static boolean sessionOnly(String text, int at) {
    int start = Math.max(text.lastIndexOf(';', at - 1), text.lastIndexOf('\n', at - 1)) + 1;
    return PatternLiterals.finds(SESSION_SET, text.substring(start, at).trim());
  }
}
