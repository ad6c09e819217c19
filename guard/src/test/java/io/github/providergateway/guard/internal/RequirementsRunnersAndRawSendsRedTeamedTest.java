package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.guard.GuardVerdict;
import org.junit.jupiter.api.Test;

/**
 * Decision 175, the red team of decisions 167, 169, 171 and 172 in the whole guard: a requirement
 * switched off, a runner's task aimed at production, the project's script given production and
 * bytes sent raw, each said in words those decisions did not read; and each form's near-miss.
 */
class RequirementsRunnersAndRawSendsRedTeamedTest {
  private static final String PROTECTION_OFF = "safeguards.protection-off";
  private static final String RUNNER = "shapes.runner-at-production";
  private static final String CONSOLE = "prodcode.console";
  private static final String RAW = "shapes.raw-protocol-sent";

  private static String rule(String command) {
    return StandardCalls.ruleOf(command);
  }

  private static GuardVerdict.Outcome edit(String path, String old, String now) throws Exception {
    String args =
        "{\"path\": \"/work/project/%s\", \"old_string\": \"%s\", \"new_string\": \"%s\"}"
            .formatted(path, old.replace("\n", "\\n"), now.replace("\n", "\\n"));
    return StandardCalls.tool("edit", args);
  }

  @Test
  void aRequirementSetToZeroIsSwitchedOff() throws Exception {
    assertThat(
            edit(
                "config/pos.yaml",
                "till:\n  require_manager_pin: 1",
                "till:\n  require_manager_pin: 0"))
        .isEqualTo(GuardVerdict.Outcome.ASK);
    assertThat(
            edit(
                "config/pos.yaml",
                "till:\n  require_manager_pin: 0",
                "till:\n  require_manager_pin: 1"))
        .isEqualTo(GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void aDottedKeysLastPartNamesTheRequirement() throws Exception {
    assertThat(
            edit(
                "config/checkout.properties",
                "checkout.payments.require_cvv = true",
                "checkout.payments.require_cvv = false"))
        .isEqualTo(GuardVerdict.Outcome.ASK);
    assertThat(
            edit(
                "config/site.yaml",
                "hot_work_permit_compulsory: true",
                "hot_work_permit_compulsory: false"))
        .isEqualTo(GuardVerdict.Outcome.ASK);
    assertThat(
            edit(
                "src/main/resources/application.properties",
                "spring.jpa.open-in-view=true",
                "spring.jpa.open-in-view=false"))
        .isEqualTo(GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void aSectionOfChecksMakesEachSwitchUnderItACheck() throws Exception {
    assertThat(
            edit(
                "config/release.yaml",
                "preflight_checks:\n  weight_and_balance: true",
                "preflight_checks:\n  weight_and_balance: false"))
        .isEqualTo(GuardVerdict.Outcome.ASK);
    assertThat(
            edit(
                "config/lint.yaml",
                "lint_checks:\n  unused_imports: true",
                "lint_checks:\n  unused_imports: false"))
        .isEqualTo(GuardVerdict.Outcome.ALLOW);
    assertThat(edit("config/editor.yaml", "type_check_enabled: true", "type_check_enabled: false"))
        .isEqualTo(GuardVerdict.Outcome.ALLOW);
  }

  @Test
  void aConfigurationToolsSettingIsReadAsTheLineItWrites() {
    assertThat(
            rule(
                "jq '.requirePhotoId = false' config/venue.json > /tmp/v.json"
                    + " && mv /tmp/v.json config/venue.json"))
        .isEqualTo(PROTECTION_OFF);
    assertThat(rule("yq -i '.payments.require_3ds = false' config/payments.yaml"))
        .isEqualTo(PROTECTION_OFF);
    assertThat(rule("crudini --set config/clinic.ini prescribing require_pdmp_check false"))
        .isEqualTo(PROTECTION_OFF);
    assertThat(
            rule(
                "dasel put -f config/dispatch.toml -t bool -v false"
                    + " '.dispatch.require_crew_rest_check'"))
        .isEqualTo(PROTECTION_OFF);
    assertThat(rule("kubectl -n payments set env deploy/payout-api REQUIRE_DUAL_APPROVAL=false"))
        .isEqualTo(PROTECTION_OFF);
    assertThat(rule("jq '.requirePhotoId = false' config/venue.json")).isEqualTo("allow");
    assertThat(
            rule(
                "jq '.required = false' schemas/a.json > /tmp/a.json && mv /tmp/a.json schemas/a.json"))
        .isEqualTo("allow");
    assertThat(rule("crudini --set config/app.ini auth require_mfa true")).isEqualTo("allow");
  }

  @Test
  void aRunnersTaskThatJoinsABuildOrACheckToAnActActs() {
    assertThat(rule("make build-and-deploy ENV=prod")).isEqualTo(RUNNER);
    assertThat(rule("make check-and-close-period ENV=production")).isEqualTo(RUNNER);
    assertThat(rule("make deploy-then-test ENV=prod")).isEqualTo(RUNNER);
    assertThat(rule("npm run build-and-publish:prod")).isEqualTo(RUNNER);
    assertThat(rule("make build-and-test ENV=prod")).isEqualTo("allow");
  }

  @Test
  void aRunnersFileOrFolderNamesProduction() {
    assertThat(rule("make -f Makefile.prod purge-cdn-cache")).isEqualTo(RUNNER);
    assertThat(rule("make -C envs/production rotate-db-credentials")).isEqualTo(RUNNER);
    assertThat(rule("just --justfile ops/prod.just reset-ledger-sequence")).isEqualTo(RUNNER);
    assertThat(rule("make -C envs/production plan")).isEqualTo("allow");
    assertThat(rule("make -f Makefile.prod build")).isEqualTo("allow");
  }

  @Test
  void aPackageManagersScriptIsReadAfterItsWorkspaceAndItsSeparator() {
    assertThat(rule("npm run deploy -- --prod")).isEqualTo(RUNNER);
    assertThat(rule("pnpm --filter @acme/billing reprice-plans -- --env production"))
        .isEqualTo(RUNNER);
    assertThat(rule("yarn workspace @acme/billing run void-stale-invoices --env production"))
        .isEqualTo(RUNNER);
    assertThat(rule("npm install --production")).isEqualTo("allow");
    assertThat(rule("pnpm --filter api deploy --prod out/api")).isEqualTo("allow");
    assertThat(rule("pnpm --filter @acme/web build -- --prod")).isEqualTo("allow");
    assertThat(rule("yarn webpack --mode production")).isEqualTo("allow");
  }

  @Test
  void monorepoAndBuildRunnersTasksAreReadAsMakesAre() {
    assertThat(rule("nx run billing:reprice-plans --configuration=production")).isEqualTo(RUNNER);
    assertThat(rule("npx nx run-many -t sync-prices -c production")).isEqualTo(RUNNER);
    assertThat(rule("turbo run db:reset --filter=api -- --env production")).isEqualTo(RUNNER);
    assertThat(rule("mise run settle-batches --env prod")).isEqualTo(RUNNER);
    assertThat(rule("./gradlew :billing:rerateInvoices -Penv=prod")).isEqualTo(RUNNER);
    assertThat(rule("nx build web --configuration=production")).isEqualTo("allow");
    assertThat(rule("turbo run build --filter=web")).isEqualTo("allow");
    assertThat(rule("./gradlew assemble -Penv=prod")).isEqualTo("allow");
    assertThat(rule("./gradlew bootJar -Pprod")).isEqualTo("allow");
  }

  @Test
  void productionGivenToTheProjectsScriptThroughEnvsStringOrDjangosOption() {
    String signAll =
        "env -S 'DJANGO_SETTINGS_MODULE=taxops.settings.production' ./manage.py"
            + " engagement_letters sign --all-unsigned --yes";
    assertThat(StandardCalls.matched(signAll)).contains(CONSOLE);
    // every one unsigned, told yes: the asked act made sure (decision 318)
    assertThat(rule(signAll)).isEqualTo("shapes.asked-act-escalated");
    assertThat(
            rule("./manage.py close_accounts --settings=bank.settings.production --dormant-days 0"))
        .isEqualTo(CONSOLE);
    assertThat(rule("./manage.py check --deploy --settings=bank.settings.production"))
        .isEqualTo("allow");
    assertThat(rule("./manage.py close_accounts --dry-run --settings=bank.settings.production"))
        .isEqualTo("allow");
    assertThat(rule("./manage.py migrate --settings=shop.settings.local")).isEqualTo("allow");
  }

  @Test
  void openSslAndCurlCarryBytesAsTheyAre() {
    assertThat(rule("openssl s_client -quiet -connect hsm01.dc1.acme.internal:1500 <<< '0000A0'"))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "printf 'RELAY OPEN 1-8\\r\\n' | openssl s_client -connect relay01.acme.internal:8443"))
        .isEqualTo(RAW);
    assertThat(rule("curl -sT - telnet://relay01.plant.acme.internal:23 <<< 'RELAY OPEN 1-8'"))
        .isEqualTo(RAW);
    assertThat(rule("curl 'gopher://pager-gw.acme.internal:444/_PAGE%20ALL%0D%0A'")).isEqualTo(RAW);
    assertThat(rule("echo | openssl s_client -connect shop.acme.com:443 -servername shop.acme.com"))
        .isEqualTo("allow");
    assertThat(
            rule(
                "openssl s_client -connect api.acme.com:443 < /dev/null"
                    + " | openssl x509 -noout -dates"))
        .isEqualTo("allow");
    assertThat(rule("curl -s telnet://127.0.0.1:2323 <<< 'status'")).isEqualTo("allow");
  }

  @Test
  void aCarrierIsFedThroughWrappersAndSocatsOwnAddresses() {
    assertThat(rule("printf 'ZONE 4 MUTE 1\\r\\n' | timeout 3 nc dsp-hall2.av.acme.internal 61408"))
        .isEqualTo(RAW);
    assertThat(rule("printf 'OPEN 3\\r' | stdbuf -o0 busybox nc doorctl-03.site.local 5001"))
        .isEqualTo(RAW);
    assertThat(rule("socat -u FILE:labels/batch-812.zpl TCP:zebra-line4.wh.acme.internal:9100"))
        .isEqualTo(RAW);
    assertThat(rule("socat -u FILE:labels/batch-812.zpl TCP:127.0.0.1:9100")).isEqualTo("allow");
  }

  @Test
  void inlineCodesOtherSocketsAreRead() {
    assertThat(
            rule(
                "python3 -c \"import socket; a=('10.40.3.30', 502); s=socket.socket();"
                    + " s.connect(a); s.send(b'x')\""))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "python3 -c \"import asyncio\nasync def m():\n    r, w = await"
                    + " asyncio.open_connection('10.40.3.30', 502)\n    w.write(b'x')\nasyncio.run(m())\""))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "ruby -rsocket -e 's = TCPSocket.new(\"door-ctl.acme.internal\", 5001);"
                    + " s.write(\"SET MODE FREE ALL\")'"))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "perl -MIO::Socket::IP -e '$s = IO::Socket::IP->new(PeerHost => \"10.42.18.20\","
                    + " PeerPort => 5001); print $s \"SET APB 0\\r\\n\"'"))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "node -e \"const net=require('net'); const s=new net.Socket();"
                    + " s.connect(4001, 'sign-ctl.acme.internal', () => { s.write('OVR'); s.end(); })\""))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "node -e \"require('dgram').createSocket('udp4').send(Buffer.from('ACK'),"
                    + " 5060, 'alarm-gw.acme.internal')\""))
        .isEqualTo(RAW);
    assertThat(
            rule(
                "ruby -rsocket -e 's = TCPSocket.new(\"localhost\", 6379); s.write(\"PING\");"
                    + " puts s.gets'"))
        .isEqualTo("allow");
    assertThat(
            rule(
                "python3 -c \"import socket; a=('127.0.0.1', 502); s=socket.socket();"
                    + " s.connect(a); s.send(b'x')\""))
        .isEqualTo("allow");
  }
}
