package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The phone's packages and paths, and what a change turns off (decision 95). */
class DevicesAndChecksTest {
  @Test
  void thePersonsPackagesAreTheSystemsAndTheWellKnownAppsAndAnyOtherIsTheProjects() {
    for (String name :
        List.of(
            "com.whatsapp",
            "com.google.android.apps.authenticator2",
            "com.android.vending",
            "android",
            "org.thoughtcrime.securesms",
            "com.mybank.mobile.banking",
            "com.google.android.gms/.SomeReceiver",
            "net.whatsapp.WhatsApp")) {
      assertThat(PhoneCommands.personal(name)).as(name).isTrue();
    }
    for (String name : List.of("com.acme.shop", "com.acme.shop.debug", "io.example.app")) {
      assertThat(PhoneCommands.personal(name)).as(name).isFalse();
    }
  }

  @Test
  void shareStoragesPhotosAndChatsAndAnotherAppsDataArePersonal() {
    for (String path :
        List.of(
            "/sdcard/DCIM/Camera",
            "/storage/emulated/0/WhatsApp/Databases",
            "/sdcard/",
            "/sdcard/*",
            "/data/data/com.whatsapp/databases/msgstore.db",
            "/sdcard/Android/media/com.whatsapp/WhatsApp")) {
      assertThat(DevicePredicates.personalPath(path)).as(path).isTrue();
    }
    for (String path :
        List.of(
            "/sdcard/Android/data/com.acme.shop.debug/files/log.txt",
            "/data/local/tmp/shop-test",
            "/data/data/com.acme.shop.debug/databases/shop.db",
            "/sdcard/screen.png")) {
      assertThat(DevicePredicates.personalPath(path)).as(path).isFalse();
    }
  }

  @Test
  void aKeyTurnsACheckOffWhenItsWordsNameAControlAndItsLastWordMakesItASwitch() {
    assertThat(CheckWords.offKind("WTF_CSRF_ENABLED", "False")).isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("verify_ssl", "false")).isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("mfa.required", "false")).isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("NODE_TLS_REJECT_UNAUTHORIZED", "0"))
        .isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("insecure_skip_verify", "true")).isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("sanctions_screening", "false"))
        .isEqualTo(CheckEdits.Kind.SCREENING);
    assertThat(CheckWords.offKind("min_eval_auc", "0")).isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckWords.offKind("auth_token", "None")).isNull(); // a value, not a switch
    assertThat(CheckWords.offKind("signature", "None")).isNull();
    assertThat(CheckWords.offKind("verify_ssl", "true")).isNull();
    assertThat(CheckWords.offKind("insecure_skip_verify", "false")).isNull();
    assertThat(CheckWords.offKind("strict", "false")).isNull();
    assertThat(CheckWords.offKind("no-console", "off")).isNull();
  }

  @Test
  void aChangeReadsWhatItAddsAndWhatItTakesOutButNotTestsDocsOrLocalConfiguration() {
    assertThat(CheckEdits.of("x: 1", "verify: false", List.of("config/clients.yml")).kind())
        .isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckEdits.of("verify: false", "verify: false", List.of("config/clients.yml")))
        .isNull(); // already off: the change adds nothing
    assertThat(CheckEdits.of("", "verify: false", List.of("tests/config/clients.yml"))).isNull();
    assertThat(CheckEdits.of("", "verify: false", List.of("config/settings/local.py"))).isNull();
    assertThat(CheckEdits.of("", "# verify: false", List.of("config/clients.yml"))).isNull();
    assertThat(
            CheckEdits.of(
                    "event = stripe.Webhook.construct_event(p, s, k)",
                    "event = json.loads(p)",
                    List.of("app/webhooks/stripe.py"))
                .kind())
        .isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(
            CheckEdits.of("log(mask_pan(card.number))", "log(card.number)", List.of("app/pay.py"))
                .kind())
        .isEqualTo(CheckEdits.Kind.SECRET_LOGGED);
    assertThat(CheckEdits.of("", "verify: false", List.of())).isNull();
  }

  @Test
  void aKeyIsReadUnderItsSectionItsObjectItsTableOrItsFile() {
    assertThat(CheckEdits.of("", "mfa:\n  required: false", List.of("config/auth.yml")).kind())
        .isEqualTo(CheckEdits.Kind.CHECK);
    assertThat(CheckEdits.of("", "\"tls\": {\"enabled\": false}", List.of("config/app.json")))
        .isNotNull();
    assertThat(CheckEdits.of("", "[tls]\nenabled = false", List.of("config/server.toml")))
        .isNotNull();
    assertThat(CheckEdits.of("", "  encryption {\n    enabled = false\n  }", List.of("db.tf")))
        .isNotNull();
    assertThat(CheckEdits.of("  required: true", "  required: false", List.of("config/mfa.yml")))
        .isNotNull(); // the section is out of the edit's text: the file's name stands for it
    assertThat(CheckEdits.of("", "[cache]\nenabled = false", List.of("config/server.toml")))
        .isNull();
    assertThat(CheckEdits.of("", "development:\n  sslmode: disable", List.of("config/db.yml")))
        .isNull();
  }

  @Test
  void sedAndPerlSubstitutionsAreReadAsTheTextTheyTakeOutAndPutIn() {
    List<String[]> changes =
        SedSubstitutions.of("s/^\\(\\s*ssl_verify\\s*=\\s*\\)True/\\1False/;/sig/d");
    assertThat(changes).hasSize(2);
    assertThat(changes.get(0)[1]).contains("ssl_verify").endsWith("False");
    assertThat(changes.get(1)[0]).isEqualTo("sig");
    assertThat(changes.get(1)[1]).isEmpty();
    assertThat(SedSubstitutions.of("s/unterminated")).isEmpty();
  }

  @Test
  void securityToolsAreNamedByTheirServicesAndPackages() {
    for (String name :
        List.of(
            "falco",
            "falco-modern-bpf.service",
            "osqueryd",
            "clamav-daemon",
            "/Library/LaunchDaemons/com.crowdstrike.falcond.plist",
            "'auditd'")) {
      assertThat(WeakenPredicates.securityTool(name)).as(name).isTrue();
    }
    for (String name : List.of("nginx", "falcon", "python3-falcon", "-f", "postgresql")) {
      assertThat(WeakenPredicates.securityTool(name)).as(name).isFalse();
    }
  }

  @Test
  void gpuDriversAreNamedByTheirPackagesAndModules() {
    for (String name :
        List.of("nvidia-*", "'libnvidia-*'", "cuda", "cuda-12-2", "nvidia_uvm", "nvidia/535.1")) {
      assertThat(GpuPredicates.gpuDriver(name)).as(name).isTrue();
    }
    for (String name : List.of("nodejs", "-y", "nvtop", "cudf")) {
      assertThat(GpuPredicates.gpuDriver(name)).as(name).isFalse();
    }
  }
}
