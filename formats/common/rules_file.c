/*
 * rules_file.c: JSON rule files (schemas/rules.schema.json):
 *   {"preset": "rrc", "overrides": {"kiriage": true, "uma": [30000, 10000, -10000, -30000]}}
 * The preset is loaded first and each override applied through the by-name setter, so a rule
 * file can set exactly what `--rule KEY=VALUE` can. What `paifu rules show PRESET --format json`
 * writes is a rule file too, to be saved and edited:
 *   {"preset": "ema", "parameters": {"family": "riichi", ...}, "enforcement": [...]}
 * "parameters" gives every parameter's value (the full rule set: a value that differs from the
 * preset's is a change of it), then "overrides" apply; "enforcement" is what paifu checks of
 * the preset's document, written for the reader and not read back.
 */
#include "format.h"
#include "input.h"
#include "paifu_json.h"

#include <stdlib.h>
#include <string.h>

int paifu_rules_read_file(paifu_rules **out, const char *path, paifu_error *err)
{
    if (!out || !path)
        return paifu_error_set(err, PAIFU_EINVAL, NULL, "invalid argument");
    *out = NULL;
    char *data = NULL;
    size_t size = 0;
    json_t *root = NULL;
    paifu_rules *rules = NULL;
    uint64_t held = 0;
    int rc = paifu_input__read_file(&data, &size, &held, path, 1 << 20, err);
    if (rc < 0)
        return rc;
    if ((rc = jload(&root, data, size, JSON_REJECT_DUPLICATES, 0, path, err)) < 0)
        goto done;
    json_cursor c;
    json_cursor_init(&c, path, err);
    if (!json_is_object(root)) {
        rc = jerr(&c, "expected {\"preset\": ..., \"overrides\": {...}}, found %s", jtype(root));
        goto done;
    }
    const char *preset = "rrc";
    if ((rc = jopt_str(&c, root, "preset", &preset)) < 0)
        goto done;
    paifu_error e;
    paifu_error_clear(&e);
    if ((rc = paifu_rules_preset(&rules, preset, &e)) < 0) {
        json_cursor_key(&c, "preset");
        rc = jerr(&c, "%s", e.text);
        goto done;
    }
    const char *key;
    json_t *v;
    json_object_foreach(root, key, v)
    {
        if (strcmp(key, "preset") != 0 && strcmp(key, "overrides") != 0 &&
            strcmp(key, "parameters") != 0 && strcmp(key, "enforcement") != 0 &&
            strcmp(key, "$schema") != 0 && strcmp(key, "description") != 0) {
            json_cursor_key(&c, key);
            rc = jerr(&c, "expected preset, parameters, overrides or description, found \"%s\"",
                      key);
            goto done;
        }
    }
    json_t *params = json_object_get(root, "parameters");
    if (params && (rc = paifu_json__read_rule_parameters(&c, params, rules)) < 0)
        goto done;
    if ((rc = paifu_json__read_rules(&c, root, NULL, rules)) < 0)
        goto done;
    *out = rules;
    rules = NULL;
    rc = 0;
done:
    paifu_rules_free(rules);
    jfree(root);
    free(data);
    paifu_input__release(held);
    return rc;
}
