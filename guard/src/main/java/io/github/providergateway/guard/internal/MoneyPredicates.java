package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code money} rules ask (issue 80 round 6, decision 106): the company's money and
 * books changed by an agent. A payment file (NACHA, ISO 20022 {@code pain.001}, positive pay, a
 * payroll or payment file in a treasury outbox) sent to a bank or changed in code; cheques printed;
 * money moved by a payment SDK in inline code; an ERP's ledger written by its RPC (Odoo's {@code
 * execute_kw}, SAP's {@code BAPI_…_POST}); a production database's books tables (a ledger, an audit
 * trail, an invoice sequence, a vendor's bank account, an FX rate) written by SQL; an MCP tool of
 * an accounting or payments server that approves, voids, posts or changes bank details; a change of
 * the code that replaces bank details, changes a tax rate, multiplies a price or changes how
 * revenue is recognised ({@link MoneyEdits}).
 */
final class MoneyPredicates {
  private MoneyPredicates() {}

  /** The rules' names for what a change does. */
  private static final Map<MoneyEdits.Kind, String> NAMES =
      Map.of(
          MoneyEdits.Kind.BANK_DETAILS, "bank-details-replaced",
          MoneyEdits.Kind.BANK_DETAILS_IN_DOCUMENTATION, "bank-details-replaced-in-docs",
          MoneyEdits.Kind.TAX_RATE, "tax-rate-changed",
          MoneyEdits.Kind.PRICE_JUMP, "price-multiplied",
          MoneyEdits.Kind.REVENUE_RECOGNITION, "revenue-recognition-changed",
          MoneyEdits.Kind.FX_RATE, "fx-rate-changed");

  /** The programs that write files whose text the {@code writes-…} predicates read. */
  private static final Set<String> SUBSTITUTES = NameSet.of("sed", "gsed", "perl");

  /** The most text read of one program. */
  private static final int MAX_TEXT = 16 * 1024;

  /**
   * A payment file by its name or its place: NACHA ({@code .ach}), ISO 20022 credit transfers and
   * direct debits ({@code pain.001}, {@code pain.008}), positive pay, or a data file in a finance
   * outbox the treasury system sends from.
   */
  private static final Pattern PAYMENT_FILE =
      Pattern.compile(
          "(?i)(?<![\\w.-])[\\w./~$-]{0,200}(?:\\.(?:ach|nacha|aba|bacs)(?![\\w.])|pain\\.?00[18]"
              + "|positive[_-]?pay|posi[_-]?pay|issued[_-]?checks?|mt10[13](?![\\d])"
              + "|/(?:outbox|outbound|to[_-]bank|bank[_-]upload)/(?:[\\w.-]{1,80}/){0,4}"
              + "[\\w.-]{1,120}\\.(?:csv|tsv|txt|dat|xml|json|xlsx|aba|ach)(?![\\w.]))");

  /** A payment file's own name ({@link #PAYMENT_FILE}) or a payroll or payment batch's. */
  private static final Pattern SENT_FILE =
      Pattern.compile(
          "(?i)(?:payroll|payment|payout|disbursement|remittance|wire|vendor_?pay|ap_?run)"
              + "[\\w.-]{0,80}\\.(?:ach|csv|txt|dat|xml)(?![\\w.])"
              + "|/(?:outbox|outbound)/(?:ach|sepa|wires?|payroll|payments|bank|checks|positive[_-]pay"
              + "|nacha|bacs|eft|vendor[_-]payments)(?![\\w-])");

  /** A folder of tests or fixtures, where a payment file is test data. */
  private static final Pattern TEST_PLACE =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|fixtures?|testdata|test-data|__tests__|spec|specs|samples?"
              + "|examples?)/");

  /** An upload in a file transfer's commands: sftp's and lftp's {@code put}, smbclient's. */
  private static final Pattern PUT =
      Pattern.compile("(?i)(?:^|[\\s;'\"])(?:m?put|reput|mirror\\s+(?:-R|--reverse))\\s");

  /** Inline code that uploads: paramiko's and pysftp's {@code put}, ftplib's, a client's. */
  private static final Pattern CODE_UPLOADS =
      Pattern.compile(
          "(?i)\\.put\\s*\\(|\\.upload\\w*\\s*\\(|storbinary|fastput|\\.send_?file\\s*\\(|sftp");

  /** A host of this machine, where a transfer or a call reaches nothing outside. */
  private static final Pattern LOCAL =
      Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0|host\\.docker\\.internal");

  /** A host whose name says it is a test's: the bank's UAT, certification or sandbox server. */
  private static final Pattern TEST_HOST =
      Pattern.compile(
          "(?i)(?:@|://)(?:[\\w-]{1,63}[.-]){0,6}(?:uat|test|testing|sandbox|cert|staging|stage|qa|dev)"
              + "(?:[.-][\\w-]{1,63}){1,6}");

  /** A cheque printer or a cheque run: what makes a print job negotiable paper. */
  private static final Pattern CHEQUES =
      Pattern.compile(
          "(?i)micr|cheque|checks?[_ -]?(?:run|print|batch|stock|register|printer|writer)"
              + "|(?:ap|payroll|vendor|payable)[_-]?checks?|/checks/");

  /** Inline code that prints: CUPS', Windows', a printing library's. */
  private static final Pattern CODE_PRINTS =
      Pattern.compile(
          "(?i)print_?files?\\s*\\(|createjob|\\bcups\\b|win32print|pdf-to-printer|\\bipp\\b"
              + "|['\"]lpr?['\"]");

  /** PowerShell printing. */
  private static final Pattern PWSH_PRINTS =
      Pattern.compile("(?i)out-printer|-verb\\s+['\"]?print|printto|\\.print\\s*\\(");

  /** A payment provider's or bank's SDK named in inline code. */
  private static final Pattern MONEY_SDK =
      Pattern.compile(
          "(?i)\\b(?:stripe|paypal\\w*|adyen|plaid|wise|transferwise|modern_?treasury|moderntreasury"
              + "|braintree|square(?:up)?|mollie|razorpay|gocardless|dwolla|checkout_?sdk|brex|ramp"
              + "|mercury|tipalti|payoneer|marqeta|increase|column|currencycloud|airwallex|unit)\\b");

  /** A call of a payment SDK that moves money or sends it somewhere new. */
  private static final Pattern MONEY_CALL =
      Pattern.compile(
          "(?i)\\b(?:payouts?|transfers?|refunds?|topups?|external_?accounts?|payment_?orders?"
              + "|counterparties|reversals?|disbursements?|bank_?transfers?|ach_?transfers?"
              + "|wire_?transfers?|real_?time_?payments?|check_?transfers?|recipients?"
              + "|beneficiar(?:y|ies)|payments?)\\s*(?:\\.|->|::)\\s*(?:create|cancel|reverse|fund|approve|submit"
              + "|send|execute)\\b"
              + "|\\b(?:Payout|Transfer|Refund|Topup|PaymentOrder|Counterparty|Reversal|ExternalAccount"
              + "|BankTransfer|Disbursement)\\s*(?:\\.|->|::)\\s*(?:create|modify|cancel|reverse)\\b"
              + "|create_?external_?account|\\bcreate_?(?:payout|transfer|refund|payment_?order"
              + "|reversal|disbursement)s?\\b|payoutspostrequest|capturesrefundrequest"
              + "|transfer_?create|transfercreaterequest|refundtxn|\\bfund_?transfer|transfer_?funds"
              + "|(?:accounts\\s*\\.\\s*update|Account\\s*\\.\\s*modify|modify_account|update_account)"
              + "[^\\n]{0,300}external_account");

  /** A test key, a sandbox or a local mock: the SDK moves no money. */
  private static final Pattern TEST_MONEY =
      Pattern.compile(
          "(?i)sk_test_|rk_test_|sandbox|stripe-mock|localhost|127\\.0\\.0\\.1|\\btest_?mode\\b"
              + "|environment\\s*=\\s*['\"]?test");

  /** An ERP's RPC: Odoo's XML-RPC and JSON-RPC, odoorpc. */
  private static final Pattern ODOO =
      Pattern.compile("(?i)execute_kw|/jsonrpc|call_kw|odoorpc|/xmlrpc");

  /** Odoo's environment in its shell's code: {@code env['account.move']}. */
  private static final Pattern ODOO_ENV =
      Pattern.compile("env\\s*\\[\\s*['\"][\\w.]{1,80}['\"]\\s*\\]");

  /** An Odoo method that writes the books. */
  private static final Pattern ODOO_WRITES =
      Pattern.compile(
          "(?i)['\"](?:write|create|unlink|action_post|button_draft|button_cancel|action_cancel"
              + "|action_register_payment|action_validate|action_reverse|reconcile"
              + "|remove_move_reconcile)['\"]|\\.(?:write|create|unlink|action_post|button_draft"
              + "|button_cancel)\\s*\\(");

  /** SAP's RFC writing the books: a BAPI that posts, creates, changes, reverses; its commit. */
  private static final Pattern SAP_WRITES =
      Pattern.compile(
          "(?i)\\bBAPI_\\w{0,60}(?:POST|CREATE|CHANGE|DELETE|REVERSE|SAVE|CANCEL|CLEAR|PAY\\w*|OPEN"
              + "|CLOSE)\\w{0,20}|\\bBAPI_TRANSACTION_COMMIT");

  /** An RFC client of SAP's. */
  private static final Pattern SAP_CLIENT =
      Pattern.compile("(?i)pyrfc|node-rfc|sapnwrfc|\\brfc\\b|\\.call\\s*\\(|\\.invoke\\s*\\(");

  /** An accounting SDK's write: Xero's, QuickBooks', NetSuite's, Sage's. */
  private static final Pattern LEDGER_SDK_WRITES =
      Pattern.compile(
          "(?i)\\.(?:create|update|delete|void|put|post|update_or_create|approve|reverse)_?(?:invoice"
              + "|manual_?journal|bank_?transaction|payment|credit_?note|journal|bank_?transfer"
              + "|overpayment|prepayment|bill|vendor|purchase_?order|expense|tax_?rate|currenc)"
              + "\\w{0,20}\\s*\\("
              + "|\\b(?:JournalEntry|Bill|BillPayment|Invoice|Payment|Vendor|Deposit|Purchase"
              + "|CreditMemo)\\b[^\\n]{0,200}\\.(?:save|delete|void)\\s*\\(\\s*qb\\s*=");

  /** An accounting system's SDK named in inline code. */
  private static final Pattern LEDGER_SDK =
      Pattern.compile("(?i)xero|quickbooks|intuit|netsuite|\\bsage|freshbooks|zoho|accounting");

  /** An ORM's write of a books model: {@code JournalEntry.objects.filter(…).delete()}. */
  private static final Pattern ORM_WRITES_BOOKS =
      Pattern.compile(
          "\\b(?:\\w{0,30}(?:Invoice|Ledger|Journal|Payout|Payment|Audit|GlEntry|GLEntry|AccountMove"
              + "|BankAccount|BankDetail|Remittance|Payroll|Payslip|TaxRate|FxRate|ExchangeRate"
              + "|AccountingPeriod|FiscalPeriod|CreditNote|Refund|Settlement|Wire)\\w{0,30})"
              + "(?:\\.objects)?\\.(?:where|filter|find|find_by|all|get|objects|unscoped|exclude"
              + "|update_all|delete_all|destroy_all|update|delete|destroy)\\b[^\\n;]{0,300}"
              + "\\.(?:update_all|delete_all|destroy_all|update|delete|destroy|save|update_columns"
              + "|update_column)\\b"
              + "|\\b\\w{0,30}(?:Invoice|Ledger|Journal|Payout|Payment|Audit|GlEntry|AccountMove"
              + "|BankAccount|Payroll|TaxRate|FxRate|ExchangeRate|AccountingPeriod)\\w{0,30}"
              + "\\.(?:update_all|delete_all|destroy_all)\\b");

  /** SQL that sets a bank's number or a salary, whatever the table is called. */
  private static final Pattern SQL_SETS_BANK =
      Pattern.compile(
          "(?i)\\bupdate\\b[^;]{0,400}?\\bset\\b[^;]{0,400}?\\b\\w{0,30}(?:iban|acc_number"
              + "|account_number|account_no|routing\\w{0,20}|bank_account\\w{0,20}|swift\\w{0,10}"
              + "|\\bbic|sort_code|\\bbsb|salary|pay_rate|hourly_rate|wage\\w{0,5}|lock_date"
              + "|approv\\w{0,20})\\s*=");

  /** A development or test system of an ERP's, by its name in the code. */
  private static final Pattern TEST_ERP =
      Pattern.compile(
          "(?i)localhost|127\\.0\\.0\\.1|dest\\s*=\\s*['\"](?:dev|qa|qas|tst|test|sbx|sandbox)"
              + "|['\"](?:dev|test|demo|sandbox)['\"]\\s*,");

  /** SQL that only plans: {@code EXPLAIN} without {@code ANALYZE}. */
  private static final Pattern PLAN_ONLY =
      Pattern.compile("(?i)\\bexplain\\b(?!\\s*\\(?\\s*analy[sz]e)");

  /** A statement of SQL that writes a table, and the table. */
  private static final Pattern SQL_WRITES =
      Pattern.compile(
          "(?i)\\b(?:update\\s+(?:only\\s+)?|delete\\s+from\\s+|insert\\s+(?:ignore\\s+)?into\\s+"
              + "|truncate\\s+(?:table\\s+)?|drop\\s+table\\s+(?:if\\s+exists\\s+)?"
              + "|alter\\s+(?:sequence|table)\\s+(?:if\\s+exists\\s+)?|merge\\s+into\\s+"
              + "|replace\\s+into\\s+)[\"`\\[]?([\\w.\"`-]{1,160})|\\bsetval\\s*\\(\\s*'([\\w.\"]{1,160})'");

  /**
   * A books table of a production database's, by a part of its name (schema left out): a ledger, a
   * journal, an audit trail, invoices, payments, payroll, bank accounts, rates; Odoo's and SAP's
   * own (BKPF/BSEG documents, LFBK vendor banks, T001B posting periods, TCURR rates, NRIV number
   * ranges, REGUH payment runs).
   */
  private static final Pattern BOOKS_TABLE =
      Pattern.compile(
          "(?i).{0,80}(?:ledger|journal|audit|invoice|payment|payout|payroll|payslip|remittance"
              + "|disbursement|settlement|refund|voucher|bank_?account|bank_?detail|vendor_?bank"
              + "|(?:fx|exchange|currency)_?rate|tax_?rate|accounting_?period|fiscal_?(?:year|period)"
              + "|posting_?period|period_?(?:close|lock)|(?<![a-z])gl_|credit_?note|wire_?transfer"
              + "|(?<![a-z])ach_|res_partner_bank|res_bank|ir_sequence|res_currency_rate"
              + "|account_(?:move|payment|bank_statement|partial_reconcile|full_reconcile"
              + "|analytic_line|tax|account|fiscal|lock))"
              + ".{0,80}"
              + "|bkpf|bseg|acdoca|lfbk|knbk|t001b|tcurr|nriv|reguh|regup|payr|bsik|bsak|bsid"
              + "|bsad|faglflexa|\\w{0,40}bills?");

  /** An accounting, payments, payroll or tax server, by a word of its MCP name. */
  private static final Pattern FINANCE_SERVER =
      Pattern.compile(
          "(?i)netsuite|xero|quickbooks|\\bqbo|intuit|\\bsage|odoo|\\bsap\\b|dynamics|businesscentral"
              + "|business_central|freshbooks|zoho_?books|billcom|bill_com|brex|\\bramp|mercury"
              + "|moderntreasury|modern_treasury|plaid|\\bwise|adyen|paypal|stripe|gusto|\\badp"
              + "|rippling|avalara|taxjar|expensify|coupa|tipalti|ledger|\\berp|accounting|finance"
              + "|treasury|payroll|banking|\\bbank");

  /** A server of a test's: a sandbox company, a test mode. */
  private static final Pattern TEST_SERVER =
      Pattern.compile("(?i)sandbox|(?<![a-z])test|(?<![a-z])dev(?![a-z])|mock|local");

  /** A payment provider's or bank's server, not the books'. */
  private static final Pattern PAYMENTS_SERVER =
      Pattern.compile(
          "(?i)stripe|paypal|adyen|plaid|\\bwise|brex|\\bramp|mercury|moderntreasury|modern_treasury"
              + "|square|braintree|checkout|mollie|razorpay|gocardless");

  /** Words of a finance tool's name that change the books or move money, whatever its arguments. */
  private static final Set<String> BOOKS_ACTS =
      NameSet.of(
          "void",
          "post",
          "approve",
          "journal",
          "reverse",
          "reopen",
          "unlock",
          "reconcile",
          "unreconcile",
          "writeoff",
          "release");

  /** Arguments of a finance tool that approve, void, post, or change bank details or a lock. */
  private static final Pattern BOOKS_ARGUMENTS =
      Pattern.compile(
          "(?i)\"\\w{0,40}approv\\w{0,40}\"\\s*:\\s*(?:true|\"approved?\")"
              + "|\"status\"\\s*:\\s*\"(?:voided|void|deleted|posted|paid|authori[sz]ed|approved"
              + "|reversed|open)\""
              + "|\"\\w{0,40}(?:iban|acc_?number|account_?number|acct_?num\\w{0,10}|routing\\w{0,20}|\\bbsb"
              + "|sort_?code|swift|\\bbic|bank_?account\\w{0,20})\"\\s*:"
              + "|\"(?:method|action)\"\\s*:\\s*\"(?:unlink|action_post|button_draft|button_cancel"
              + "|action_reverse|post|void|approve|reverse|reconcile)\""
              + "|\"\\w{0,20}(?:closed|locked)\"\\s*:\\s*false");

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    for (Map.Entry<MoneyEdits.Kind, String> kind : NAMES.entrySet()) {
      named.put(
          "edit-" + kind.getValue(),
          scan -> {
            Edit edit = edited(scan);
            return edit != null && edit.kinds().contains(kind.getKey()) ? edit.file() : null;
          });
    }
    named.put("edit-payment-batch-changed", PaymentBatches::edited); // round 66
    named.put("finance-tool-changes-books", scan -> financeTool(scan, true));
    named.put("finance-tool-writes", scan -> financeTool(scan, false));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("payment-cli-acts", (scan, step, read) -> PaymentCommands.acts(scan, step) != null);
    for (Map.Entry<MoneyEdits.Kind, String> kind : NAMES.entrySet()) {
      named.put(
          "writes-" + kind.getValue(),
          (scan, step, read) -> writes(scan, step).contains(kind.getKey()));
    }
    named.put("sends-payment-file", (scan, step, read) -> sendsPaymentFile(scan, step));
    named.put(
        "script-sends-payment-file",
        CallClues.of(SENDING_SCRIPT).around((scan, step, read) -> scriptSendsPaymentFile(step)));
    named.put("code-writes-payment-file", (scan, step, read) -> codeWritesPaymentFile(step));
    named.put("writes-payment-batch", (scan, step, read) -> PaymentBatches.written(scan, step));
    named.put("prints-cheques", (scan, step, read) -> printsCheques(scan, step));
    named.put("code-moves-money", (scan, step, read) -> codeMovesMoney(step));
    named.put("code-writes-books", (scan, step, read) -> codeWritesBooks(scan, step));
    named.put(
        "production-code-writes-books",
        (scan, step, read) -> productionCodeWritesBooks(scan, step));
    named.put(
        "production-finance-script-acts",
        (scan, step, read) -> financeScriptActs(step) && Environments.production(scan, step));
    named.put("bank-api-pays", (scan, step, read) -> bankApiPays(step));
    named.put("request-sets-bank-details", (scan, step, read) -> setsBankDetails(step));
    named.put("request-writes-erp", (scan, step, read) -> requestWritesErp(step));
    named.put("api-key-from-variable", (scan, step, read) -> keyFromVariable(step));
    named.put(
        "sets-price-to-zero",
        PredicateGate.LONG_OPTION.around(
            CallClues.of(PRICE_OPTION, "--discount", "--percent-off")
                .around((scan, step, read) -> setsPriceToZero(step))));
    named.put("request-sets-price-to-zero", (scan, step, read) -> requestSetsPriceToZero(step));
    named.put(
        "production-store-writes-books",
        (scan, step, read) -> storeWritesBooks(step) && Environments.production(scan, step));
    named.put("code-writes-audit-evidence", (scan, step, read) -> codeWritesEvidence(step));
    named.put(
        "production-sql-writes-books",
        (scan, step, read) ->
            sqlWritesBooks(ProductionPredicates.sqlOf(scan, step))
                && Environments.production(scan, step));
  }

  /** What an edit tool's call was found to do, and the file it changes. */
  private record Edit(String file, Set<MoneyEdits.Kind> kinds) {}

  /** What the call's edit does to the money, read once a call (every kind's predicate asks). */
  private static Edit edited(Scan scan) {
    return scan.once(
        "MoneyPredicates.edited",
        s ->
            EditCalls.read(
                s.call(),
                (old, now, files) -> {
                  Set<MoneyEdits.Kind> kinds = MoneyEdits.of(old, now, files);
                  return kinds.isEmpty() ? null : new Edit(files.get(0), kinds);
                }));
  }

  /** What a program's changes of files do to the money, read once a program of the call. */
  private static Set<MoneyEdits.Kind> writes(Scan scan, Step step) {
    Map<Step, Set<MoneyEdits.Kind>> read =
        scan.once("MoneyPredicates.writes", s -> new IdentityHashMap<>());
    return read.computeIfAbsent(step, MoneyPredicates::read);
  }

  /** What a program's changes of files do to the money: a substitution, inline code's. */
  private static Set<MoneyEdits.Kind> read(Step step) {
    Set<MoneyEdits.Kind> found = null;
    if (SUBSTITUTES.contains(step.program())) {
      found = WeakenPredicates.inPlace(step, MoneyPredicates::nonEmpty);
    } else if (step.interpreter()) {
      found = WeakenPredicates.replacedByCode(step, MoneyPredicates::nonEmpty);
    }
    return found == null ? EnumSet.noneOf(MoneyEdits.Kind.class) : found;
  }

  private static Set<MoneyEdits.Kind> nonEmpty(String old, String now, List<String> files) {
    Set<MoneyEdits.Kind> kinds = MoneyEdits.of(old, now, files);
    return kinds.isEmpty() ? null : kinds;
  }

  /** The program's words and what it reads of a here-document or here-string, bounded. */
  private static String text(Step step) {
    StringBuilder text = new StringBuilder();
    for (Word word : step.args()) {
      if (text.length() + word.text().length() > MAX_TEXT) {
        break;
      }
      text.append(word.text()).append(' ');
    }
    for (Redirect redirect : step.invocation().redirects()) {
      String body = redirect.body();
      if (body != null && text.length() + body.length() <= MAX_TEXT) {
        text.append('\n').append(body);
      }
    }
    return text.toString();
  }

  /** An interpreter's code: inline ({@code -c}, {@code -e}) or a here-document it reads. */
  private static String code(Step step) {
    return step.interpreter() ? CustomerPredicates.code(step) : null;
  }

  /** Whether a text names a payment file ({@link #PAYMENT_FILE}, {@link #SENT_FILE}). */
  private static boolean namesPaymentFile(String text, boolean sent) {
    Matcher file = PAYMENT_FILE.matcher(text);
    while (file.find()) {
      if (sent || !PatternLiterals.finds(TEST_PLACE, file.group())) {
        return true;
      }
    }
    return sent && PatternLiterals.finds(SENT_FILE, text);
  }

  /**
   * Whether a program sends a payment file to another machine: sftp's, lftp's or smbclient's {@code
   * put}, scp or rsync to a host's folder, curl's upload ({@code -T}, {@code -F file=@…}), inline
   * code's upload; not to a host of this machine (a local SFTP emulator).
   */
  static boolean sendsPaymentFile(Scan scan, Step step) {
    String program = step.program();
    String text;
    boolean uploads;
    switch (program) {
      case "sftp", "lftp", "smbclient", "ncftp", "ftp", "psftp" -> {
        text = text(step);
        uploads = PatternLiterals.finds(PUT, text);
      }
      case "scp", "rsync", "pscp", "ncftpput", "rclone" -> {
        text = text(step);
        uploads = remoteLast(step) || program.equals("ncftpput");
      }
      case "curl" -> {
        text = text(step);
        uploads = curlUploads(step);
      }
      default -> {
        text = code(step);
        uploads = text != null && PatternLiterals.finds(CODE_UPLOADS, text);
      }
    }
    if (!uploads
        || text == null
        || PatternLiterals.finds(LOCAL, text)
        || PatternLiterals.finds(TEST_HOST, text)) {
      return false; // a local emulator, the bank's test or UAT server
    }
    if (program.equals("curl")) {
      return curlSendsPaymentFile(step);
    }
    return namesPaymentFile(text, true);
  }

  /** Whether scp's or rsync's last positional is a remote folder: {@code host:/path}. */
  private static boolean remoteLast(Step step) {
    List<Word> args = step.args();
    for (int i = args.size() - 1; i >= 0; i--) {
      String a = args.get(i).text();
      if (a.startsWith("-")) {
        continue;
      }
      int colon = a.indexOf(':');
      return colon > 0 && !a.substring(0, colon).contains("/") || a.contains("://");
    }
    return false;
  }

  private static boolean curlUploads(Step step) {
    for (Word word : step.args()) {
      String a = word.text();
      if (a.equals("-T")
          || a.startsWith("--upload-file")
          || a.startsWith("-F")
          || a.startsWith("--form")
          || a.startsWith("--data-binary")) {
        return true;
      }
    }
    return false;
  }

  /** Whether what curl uploads is a payment file: {@code -T file}, {@code -F x=@file}. */
  private static boolean curlSendsPaymentFile(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).text();
      String value = null;
      if ((a.equals("-T")
              || a.equals("--upload-file")
              || a.equals("-F")
              || a.equals("--form")
              || a.equals("--data-binary"))
          && i + 1 < args.size()) {
        value = args.get(i + 1).text();
      } else if (a.startsWith("-T") || a.startsWith("-F")) {
        value = a.substring(2);
      } else if (a.startsWith("--upload-file=") || a.startsWith("--form=")) {
        value = a.substring(a.indexOf('=') + 1);
      }
      if (value != null && namesPaymentFile(" " + value.replace("@", " ") + " ", true)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether inline code writes a payment file outside the tests: opens it to write or append, saves
   * it, or an XML editor changes it in place ({@code xmlstarlet ed -L}).
   */
  static boolean codeWritesPaymentFile(Step step) {
    String program = step.program();
    if (program.equals("xmlstarlet") || program.equals("xml")) {
      boolean inPlace = false;
      for (String a : step.invocation().args()) {
        inPlace |= a.equals("-L") || a.equals("--inplace");
      }
      return inPlace && namesPaymentFile(text(step), false);
    }
    String code = code(step);
    if (code == null || !PatternLiterals.finds(CODE_WRITE, code)) {
      return false;
    }
    return namesPaymentFile(code.replace("\\\"", "\"").replace("\\'", "'"), false);
  }

  /** Inline code that writes a file. */
  private static final Pattern CODE_WRITE =
      Pattern.compile(
          "write(?:_text|FileSync|File|lines)?\\s*\\(|File\\.write|appendFile|fs\\.promises"
              + "|open\\([^)]{0,200}['\"][wa]b?\\+?['\"]|\\.save\\s*\\(|tree\\.write"
              + "|\\.to_(?:csv|excel|parquet|json)\\s*\\(");

  /**
   * Whether a program prints cheques: {@code lp} or {@code lpr} to a MICR or cheque printer or of a
   * cheque run, or inline code printing through CUPS or a printing library to one.
   */
  static boolean printsCheques(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("pwsh") || program.equals("powershell")) {
      String text = text(step); // Out-Printer -Name 'MICR…', Start-Process -Verb Print
      return PatternLiterals.finds(PWSH_PRINTS, text) && PatternLiterals.finds(CHEQUES, text);
    }
    if (program.equals("lp")
        || program.equals("lpr")
        || program.equals("lpr.cups")
        || program.equals("enscript")
        || program.equals("a2ps")) {
      if (PatternLiterals.finds(CHEQUES, text(step))) {
        return true;
      }
      String source = scan.source();
      // A printer named by the environment: PRINTER=micr-1 lp run.pdf, LPDEST.
      return source != null
          && source.length() <= MAX_TEXT
          && (source.contains("PRINTER=") || source.contains("LPDEST="))
          && PatternLiterals.finds(CHEQUES, source);
    }
    String code = code(step);
    return code != null
        && PatternLiterals.finds(CODE_PRINTS, code)
        && PatternLiterals.finds(CHEQUES, code);
  }

  /**
   * Whether inline code moves money by a payment SDK (a payout, a transfer, a refund, a payment
   * order, a new payout bank account), with no test key, sandbox or local mock in sight.
   */
  static boolean codeMovesMoney(Step step) {
    String code = code(step);
    return code != null
        && PatternLiterals.finds(MONEY_CALL, code)
        && PatternLiterals.finds(MONEY_SDK, code)
        && !PatternLiterals.finds(TEST_MONEY, code);
  }

  /**
   * Whether inline code writes an ERP's books: Odoo's RPC with a method that writes, SAP's RFC
   * calling a BAPI that posts or changes and commits, Xero's or QuickBooks' SDK writing; not a
   * local or development system.
   */
  static boolean codeWritesBooks(Scan scan, Step step) {
    String program = step.program();
    if (program.equals("odoo-bin") || program.equals("odoo") || program.equals("odoo.py")) {
      // odoo-bin shell -d acme_prod fed its code: echo "env['account.move']…" | odoo-bin shell
      String source = scan.source();
      return source != null
          && source.length() <= MAX_TEXT
          && PatternLiterals.finds(ODOO_ENV, source)
          && PatternLiterals.finds(ODOO_WRITES, source)
          && Environments.production(scan, step);
    }
    String code = code(step);
    if (code == null || PatternLiterals.finds(TEST_ERP, code)) {
      return false;
    }
    return PatternLiterals.finds(ODOO, code) && PatternLiterals.finds(ODOO_WRITES, code)
        || PatternLiterals.finds(SAP_WRITES, code) && PatternLiterals.finds(SAP_CLIENT, code)
        || PatternLiterals.finds(LEDGER_SDK_WRITES, code)
            && PatternLiterals.finds(LEDGER_SDK, code);
  }

  /**
   * Whether code run against production writes a books model through its ORM ({@code
   * Invoice.where(…).update_all}, {@code JournalEntry.objects.filter(…).delete()}): inline code, or
   * a framework's runner's or shell's code ({@code rails runner}, {@code manage.py shell -c}).
   */
  static boolean productionCodeWritesBooks(Scan scan, Step step) {
    String code = InterpreterCode.of(step);
    if (code == null) {
      code = text(step);
    } else if (code.length() > MAX_TEXT) {
      code = code.substring(0, MAX_TEXT);
    }
    return PatternLiterals.finds(ORM_WRITES_BOOKS, code) && Environments.production(scan, step);
  }

  /** Whether SQL writes a books table ({@link #BOOKS_TABLE}). */
  static boolean sqlWritesBooks(List<String> texts) {
    for (String text : texts) {
      if (text.length() > 64 * 1024) {
        text = text.substring(0, 64 * 1024);
      }
      Matcher write = SQL_WRITES.matcher(text);
      while (write.find()) {
        int from =
            Math.max(
                Math.max(
                    text.lastIndexOf(';', write.start()), text.lastIndexOf('\n', write.start())),
                write.start() - 200);
        if (PatternLiterals.finds(PLAN_ONLY, text.substring(Math.max(from, 0), write.start()))) {
          continue; // EXPLAIN without ANALYZE plans the statement and runs nothing
        }
        String table = write.group(1) != null ? write.group(1) : write.group(2);
        table = table.replace("\"", "").replace("`", "");
        table = table.substring(table.lastIndexOf('.') + 1);
        if (PatternLiterals.matches(BOOKS_TABLE, table)) {
          return true;
        }
      }
      if (PatternLiterals.finds(SQL_SETS_BANK, text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * An MCP tool of an accounting, payments, payroll or tax server that writes: with {@code books}
   * true, only one whose name or arguments approve, void, post, pay, reopen, or change bank details
   * or a period's lock.
   */
  private static String financeTool(Scan scan, boolean books) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (!tool.startsWith("mcp__")) {
      return null;
    }
    int last = tool.lastIndexOf("__");
    if (last <= 5) {
      return null;
    }
    String server = tool.substring(5, last);
    if (!PatternLiterals.finds(FINANCE_SERVER, server)
        || PatternLiterals.finds(TEST_SERVER, server)) {
      return null;
    }
    if (!books && PatternLiterals.finds(PAYMENTS_SERVER, server)) {
      return null; // a payment provider's tools are acts.tool-acts's, by their names
    }
    List<String> words = ActsPredicates.words(tool.substring(last + 2));
    if (words.isEmpty() || READING.contains(words.get(0))) {
      return null;
    }
    if (!books) {
      return tool;
    }
    for (String word : words) {
      if (BOOKS_ACTS.contains(word)
          || word.endsWith("s") && BOOKS_ACTS.contains(word.substring(0, word.length() - 1))) {
        return tool;
      }
    }
    String args = call.args() == null ? "" : call.args().toString();
    if (args.length() > MAX_TEXT) {
      args = args.substring(0, MAX_TEXT);
    }
    return PatternLiterals.finds(BOOKS_ARGUMENTS, args) ? tool : null;
  }

  /** Words that make a tool's name read-only, whatever else it says. */
  private static final Set<String> READING =
      ToolActs.readingAnd(
          "preview", "validate", "estimate", "calculate", "report", "export", "download", "count");

  /** A script's name or command of the company's money: payments, payroll, the close, the ERP. */
  private static final Pattern FINANCE_SCRIPT =
      Pattern.compile(
          "(?i)(?<![a-z])ach(?![a-z])|nacha|sepa|payroll|payout|payment|refund|reversal|invoice"
              + "|ledger|journal|(?:month|period|year|fiscal)[_-]?(?:end|close)|/close/|posting_?period"
              + "|ob52|(?<![a-z])fx(?![a-z])|revalu|dunning|vendor[_-]?(?:pay|bank|master)|remit|treasury"
              + "|(?<![a-z])wires?(?![a-z])|(?<![a-z])bank|(?<![a-z])sap(?![a-z])|(?<![a-z])erp(?![a-z])"
              + "|netsuite|odoo|xero|quickbooks|(?<![a-z])tax|1099|accrual|write_?off|settle|disburse"
              + "|cheque|checks?_?run");

  /** An option that makes a finance script act rather than look. */
  private static final Set<String> ACTING_OPTIONS =
      NameSet.of(
          "--send",
          "--post",
          "--commit",
          "--execute",
          "--submit",
          "--approve",
          "--release",
          "--open",
          "--close",
          "--reopen",
          "--unlock",
          "--apply",
          "--live",
          "--force",
          "--transmit",
          "--pay",
          "--void",
          "--reverse",
          "--yes",
          "--confirm",
          "--no-dry-run",
          "--run",
          "--write",
          "--delete",
          "--purge",
          "--reset",
          "--lock",
          "--file",
          "--upload",
          "--charge",
          "--refund");

  /** The options that make a command show what it would do instead of doing it. */
  private static final Set<String> DRY_RUNS =
      NameSet.of("--dry-run", "--dryrun", "--dry_run", "--noop", "--simulate", "--preview");

  /** An option that makes it look only. */
  private static final Set<String> LOOKING_OPTIONS =
      NameSet.of(
          "--dry-run",
          "--dryrun",
          "--dry_run",
          "-n",
          "--preview",
          "--check",
          "--plan",
          "--simulate",
          "--noop",
          "--validate",
          "--report",
          "--summary",
          "--help",
          "-h",
          "--list",
          "--diff");

  private static final Set<String> SCRIPT_RUNNERS =
      NameSet.of(
          "python", "python3", "node", "nodejs", "ruby", "php", "bash", "sh", "zsh", "perl", "bun",
          "deno", "tsx", "ts-node", "uv", "poetry", "pipenv");

  /**
   * Whether a project's script of the company's money (its path or its command says payments,
   * payroll, the close, the ERP) is run with an option that acts ({@code --send}, {@code --post},
   * {@code --open}) and none that only looks ({@code --dry-run}).
   */
  static boolean financeScriptActs(Step step) {
    String program = step.program();
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    List<String> args = step.invocation().args();
    boolean runner = SCRIPT_RUNNERS.contains(program);
    String script = null;
    int from = 0;
    if (runner) {
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if (a.equals("run") && i == 0) {
          continue; // uv run, poetry run
        }
        if (!a.startsWith("-")) {
          script = a;
          from = i + 1;
          break;
        }
        if (a.equals("-c") || a.equals("-e") || a.equals("-m")) {
          return false; // inline code and modules are read by the code rules
        }
      }
    } else if (program.contains(".") || words.get(0).text().contains("/")) {
      script = words.get(0).text(); // ./scripts/pay.sh, bin/payouts.rb
    }
    if (script == null || !script.contains("/") && !script.contains(".")) {
      return false;
    }
    if (script.endsWith("manage.py") && from < args.size()) {
      script = script + " " + args.get(from); // manage.py write_off_receivables
    }
    if (!PatternLiterals.finds(FINANCE_SCRIPT, script)) {
      return false;
    }
    boolean acts = false;
    for (int i = from; i < args.size(); i++) {
      String a = args.get(i);
      String option = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (LOOKING_OPTIONS.contains(option)) {
        return false;
      }
      acts |= ACTING_OPTIONS.contains(option);
    }
    return acts;
  }

  /** A URL: its host and path. */
  private static final Pattern URL =
      Pattern.compile("(?i)https?://([\\w.-]{1,200})(?::\\d{1,5})?(/[^\\s'\"]{0,300})");

  /** A bank's host, by a label or a part of one. */
  private static final Pattern BANK_HOST =
      Pattern.compile(
          "(?i)(?:^|[.-])(?:bank|banking|treasury|h2h|cashmgmt|cash-management)(?:[.-]|$)");

  /** A bank API's path that pays or says whom to pay. */
  private static final Pattern BANK_PAYS =
      Pattern.compile(
          "(?i)/(?:payments?|transfers?|wires?|ach|payees?|beneficiar\\w{0,10}|payment-orders"
              + "|disbursements?|positive-?pay|checks?/(?:issue|void|stop)|payroll)(?:[/?]|$)");

  /** A method that writes, in code. */
  private static final Pattern CODE_POSTS =
      Pattern.compile("(?i)\\.(?:post|put|patch)\\s*\\(|method\\s*[:=]\\s*['\"](?:post|put|patch)");

  /**
   * Whether a request goes to a bank's API to pay: a write to a host one of whose labels says bank
   * or treasury, on a path of payments, transfers, wires or payees (curl, httpie, inline code).
   */
  static boolean bankApiPays(Step step) {
    String text = writingRequest(step);
    if (text == null) {
      return false;
    }
    if (PatternLiterals.finds(LOCAL, text)
        || text.toLowerCase(java.util.Locale.ROOT).contains("sandbox")) {
      return false;
    }
    Matcher url = URL.matcher(text);
    while (url.find()) {
      if (PatternLiterals.finds(BANK_HOST, url.group(1))
          && PatternLiterals.finds(BANK_PAYS, url.group(2))) {
        return true;
      }
    }
    return false;
  }

  /** A file of audit evidence: a SOX or audit folder, a review or sign-off log. */
  private static final Pattern EVIDENCE_FILE =
      Pattern.compile(
          "(?i)['\"][^'\"\\n]{0,200}(?:/(?:sox|audit|audits|evidence|controls|internal[_-]?controls)/"
              + "|review_?log|sign[_-]?offs?|approval_?log|reconciliation_?sign)[^'\"\\n]{0,200}['\"]");

  /**
   * Whether inline code writes a file of audit evidence (a SOX folder's workbook, a review log, a
   * sign-off sheet) outside the tests.
   */
  static boolean codeWritesEvidence(Step step) {
    String code = code(step);
    if (code == null || !PatternLiterals.finds(CODE_WRITE, code) || code.contains("/tmp/")) {
      return false; // a copy made to work on
    }
    Matcher file = EVIDENCE_FILE.matcher(code);
    while (file.find()) {
      if (!PatternLiterals.finds(TEST_PLACE, file.group())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The text of a request that writes (an HTTP client's words, its method neither GET, HEAD nor
   * DELETE; inline code that posts, puts or patches), or {@code null}.
   */
  private static String writingRequest(Step step) {
    String program = step.program();
    if (httpClient(program)) {
      String method = ServiceCalls.method(program, step.args());
      return method.equals("get") || method.equals("head") || method.equals("delete")
          ? null
          : text(step);
    }
    String code = code(step);
    return code != null && PatternLiterals.finds(CODE_POSTS, code) ? code : null;
  }

  private static boolean httpClient(String program) {
    return switch (program) {
      case "curl", "wget", "http", "https", "xh", "curlie" -> true;
      default -> false;
    };
  }

  /** A record of whom the company pays, by a word of a URL's path. */
  private static final Pattern PAYEE_PATH =
      Pattern.compile(
          "(?i)/(?:vendors?|suppliers?|contacts?|payees?|partners?|beneficiar\\w{0,5}|counterpart\\w{0,8}"
              + "|recipients?|employees?|workers?|res\\.partner\\.bank)(?:[/?]|$)");

  /** A bank's number sent as a field of a request's body. */
  private static final Pattern BANK_FIELD =
      Pattern.compile(
          "(?i)[\"']?\\w{0,30}(?:iban|bank_?account\\w{0,20}|acc_number|account_?number|routing\\w{0,10}"
              + "|sort_?code|swift\\w{0,5}|bankaccountdetails|\\bbsb)[\"']?\\s*[:=]");

  /**
   * Whether a request writes a bank's number into a vendor's, supplier's, payee's or employee's
   * record of another machine's (curl, httpie, inline code): where the company's payments go.
   */
  static boolean setsBankDetails(Step step) {
    String text = writingRequest(step);
    if (text == null) {
      return false;
    }
    if (PatternLiterals.finds(LOCAL, text) || !PatternLiterals.finds(BANK_FIELD, text)) {
      return false;
    }
    return toLiveRecord(text, PAYEE_PATH);
  }

  /** Whether an HTTP client sends an ERP's RPC that writes the books (Odoo's JSON-RPC by curl). */
  static boolean requestWritesErp(Step step) {
    if (!httpClient(step.program())) {
      return false;
    }
    String text = text(step);
    return PatternLiterals.finds(ODOO, text)
        && PatternLiterals.finds(ODOO_WRITES, text)
        && !PatternLiterals.finds(TEST_ERP, text);
  }

  /** A document store's write of a collection: {@code db.audit_log.deleteMany(…)}. */
  private static final Pattern STORE_WRITES =
      Pattern.compile(
          "\\bdb\\.(?:getCollection\\(\\s*['\"])?(\\w{1,80})['\")]*\\.(?:deleteMany|deleteOne|remove"
              + "|drop|updateMany|updateOne|insertOne|insertMany|replaceOne|findOneAndUpdate"
              + "|findOneAndDelete|findOneAndReplace|bulkWrite)\\s*\\(");

  /** Whether a document store's shell writes a books collection ({@link #BOOKS_TABLE}). */
  static boolean storeWritesBooks(Step step) {
    String program = step.program();
    if (!program.equals("mongosh") && !program.equals("mongo")) {
      return false;
    }
    Matcher write = STORE_WRITES.matcher(text(step));
    while (write.find()) {
      if (PatternLiterals.matches(BOOKS_TABLE, write.group(1))) {
        return true;
      }
    }
    return false;
  }

  /** A variable's name that says test, sandbox or development. */
  private static final Pattern TEST_VARIABLE =
      Pattern.compile("(?i)test|sandbox|(?<![a-z])dev|local|mock|fake|dummy|example");

  /**
   * Whether a payment CLI's {@code --api-key} is a variable whose name says no test ({@code
   * --api-key "$STRIPE_SECRET_KEY"}): the application's own secret key, live where the application
   * is. Without {@code --api-key} the CLI uses its login's test-mode key.
   */
  static boolean keyFromVariable(Step step) {
    for (String value : LiveKeys.apiKeys(step.invocation().args())) {
      if (!value.contains("_test_")
          && (value.contains("$") || value.contains("_live_"))
          && !PatternLiterals.finds(TEST_VARIABLE, value)) {
        return true;
      }
    }
    return false;
  }

  /** An option that sets a price, an amount or a discount. */
  private static final Pattern PRICE_OPTION =
      Pattern.compile(
          "(?i)--(?:price|amount|unit[_-]amount|monthly[_-]price|seat[_-]price|mrr)(?:=(.*))?");

  /** An environment named as a test's: {@code test}, {@code --env=development}. */
  private static final Pattern TEST_ENVIRONMENT =
      Pattern.compile(
          "(?i)(?:--(?:env|environment|stage)=)?(?:test|testing|dev|development|local|sandbox|staging)");

  /** A command's word of billing: a plan, a subscription, a price, an invoice. */
  private static final Pattern BILLING_WORDS =
      Pattern.compile("(?i)billing|plan|subscription|pricing|price|invoice|seat|tier|contract");

  /**
   * Whether a command sets a customer's price or amount to zero ({@code acme-admin billing:set-plan
   * --plan enterprise --price 0}), or takes 100 % off; the payment provider's own CLI only where it
   * is live.
   */
  static boolean setsPriceToZero(Step step) {
    List<String> args = step.invocation().args();
    boolean zero = false;
    for (int i = 0; i < args.size() && !zero; i++) {
      String a = args.get(i);
      if (!a.startsWith("--")) {
        continue;
      }
      Matcher option = PatternLiterals.mayFind(PRICE_OPTION, a) ? PRICE_OPTION.matcher(a) : null;
      if (option != null && option.matches()) {
        String value =
            option.group(1) != null ? option.group(1) : i + 1 < args.size() ? args.get(i + 1) : "";
        zero = value.matches("0+(?:\\.0+)?");
      } else if (a.startsWith("--discount") || a.startsWith("--percent-off")) {
        String value =
            a.contains("=")
                ? a.substring(a.indexOf('=') + 1)
                : i + 1 < args.size() ? args.get(i + 1) : "";
        zero = value.matches("100(?:\\.0+)?%?");
      }
    }
    if (!zero) {
      return false;
    }
    if (step.program().equals("stripe") && !args.contains("--live")) {
      return false; // the CLI's test mode
    }
    for (String a : args) {
      if (DRY_RUNS.contains(a)) {
        return false; // --dry-run: it only shows what it would set
      }
      if (PatternLiterals.matches(TEST_ENVIRONMENT, a)) {
        return false; // --env test, --env=development
      }
    }
    for (String a : args) {
      if (PatternLiterals.finds(BILLING_WORDS, a)) {
        return true;
      }
    }
    return PatternLiterals.finds(BILLING_WORDS, step.program());
  }

  /** A script's name that says it sends, uploads or transmits, to a bank. */
  private static final Pattern SENDING_SCRIPT =
      Pattern.compile(
          "(?i)send|upload|transmit|submit|deliver|(?<![a-z])push|sftp|(?<![a-z])put(?![a-z])"
              + "|to[_-]?bank|bank[_-]?(?:drop|upload|send|transfer)|release");

  /**
   * Whether a project's script whose name says it sends, uploads or transmits is handed a payment
   * file ({@code ./scripts/bank/upload.sh finance/outbox/ach/payroll.ach}), with no option that
   * only looks ({@code --dry-run}).
   */
  static boolean scriptSendsPaymentFile(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    List<String> args = step.invocation().args();
    String script = null;
    int from = 0;
    if (SCRIPT_RUNNERS.contains(step.program())) {
      for (int i = 0; i < args.size() && script == null; i++) {
        if (!args.get(i).startsWith("-")) {
          script = args.get(i);
          from = i + 1;
        } else if (args.get(i).equals("-c") || args.get(i).equals("-e")) {
          return false; // inline code is sendsPaymentFile's
        }
      }
    } else if (words.get(0).text().contains("/")) {
      script = words.get(0).text(); // ./scripts/bank/upload.sh, bin/send_ach
    }
    if (script == null || !PatternLiterals.finds(SENDING_SCRIPT, script)) {
      return false;
    }
    StringBuilder text = new StringBuilder(" ");
    for (int i = from; i < args.size(); i++) {
      String a = args.get(i);
      String option = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (LOOKING_OPTIONS.contains(option)) {
        return false;
      }
      if (text.length() + a.length() > MAX_TEXT) {
        break;
      }
      text.append(a).append(' ');
    }
    String sent = text.toString();
    return !PatternLiterals.finds(LOCAL, sent)
        && namesPaymentFile(sent, true)
        && !PatternLiterals.finds(TEST_PLACE, sent);
  }

  /**
   * A price set to zero in a request's body: {@code "unit_amount": 0}, {@code "Prices": {"RM": 0}}.
   */
  private static final Pattern ZERO_PRICE =
      Pattern.compile(
          "(?i)[\"']?\\w{0,30}(?:price|unit_?amount|amount|cost)\\w{0,20}[\"']?\\s*[:=]\\s*"
              + "(?:\\{[^{}]{0,200}?[\"']?\\w{1,20}[\"']?\\s*:\\s*)?[\"']?0(?:\\.0+)?[\"']?\\s*[,}\\]]");

  /** A store's or catalogue's path: what customers buy, at the price it says. */
  private static final Pattern STORE_PATH =
      Pattern.compile(
          "(?i)store|catalog|price|product|variant|sku|offer|bundle|plan|subscription|listing|item"
              + "|merch|shop");

  /**
   * Whether a request sets a price in a live store or catalogue to zero (a game's store items, a
   * shop's products, a plan's price), on another machine's, not a sandbox's.
   */
  static boolean requestSetsPriceToZero(Step step) {
    String text = writingRequest(step);
    if (text == null
        || !PatternLiterals.finds(ZERO_PRICE, text)
        || PatternLiterals.finds(LOCAL, text)) {
      return false;
    }
    return toLiveRecord(text, STORE_PATH);
  }

  /**
   * Whether a request's text names a URL whose path is one of these records' on a host that is
   * neither this machine's, a staging one, a sandbox nor a test's.
   */
  private static boolean toLiveRecord(String text, Pattern path) {
    Matcher url = URL.matcher(text);
    while (url.find()) {
      String host = url.group(1).toLowerCase(java.util.Locale.ROOT);
      if (path.matcher(url.group(2)).find()
          && !Environments.localHost(host)
          && !Environments.stagingHost(host)
          && !host.contains("sandbox")
          && !PatternLiterals.finds(TEST_HOST, "@" + host)) {
        return true;
      }
    }
    return false;
  }
}
