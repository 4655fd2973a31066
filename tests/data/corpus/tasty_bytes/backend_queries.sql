-- all_franchise_names
SELECT
        object_construct('franchise_id', o.franchise_id, 'truck_brands', array_agg(distinct o.truck_brand_name)) as franchise
    FROM ORDERS o
    GROUP BY o.franchise_id
    ORDER BY o.franchise_id, COUNT(o.order_id) DESC;

-- trucks_by_franchise
SELECT
        array_agg(distinct o.truck_brand_name) as truck_brand_names
    FROM ORDERS o
    WHERE o.franchise_id = :1
    ORDER BY o.truck_brand_name;

-- top_10_trucks
SELECT
        TOP 10 truck_brand_name,
        sum(price) AS revenue
    FROM
        app.orders
    WHERE
        date(order_ts) >= :2
        AND date(order_ts) <= :3
        AND franchise_id = :1
    GROUP BY
        truck_brand_name
    ORDER BY
        sum(price) desc;

-- ytd_revenue_by_country
-- Revenue for Year by Country
    -- The year is intentionally hardcoded here to show the entire years worth of data 
    SELECT
        country,
        month(order_ts) as date,
        sum(price) AS revenue
    FROM
        app.orders
    WHERE
         year(order_ts) = :2
        AND franchise_id = :1
    GROUP BY
        country,
        month(order_ts)
    ORDER BY
        sum(price) desc;

-- sales_by_day_of_week
-- Top Selling Items by Day of Week
    SELECT
        dayofweek(order_ts) as DoW,
        sum(price) AS revenue
    FROM
        app.orders
    WHERE
        date(order_ts) >= :2
        AND date(order_ts) <= :3
        AND truck_brand_name = :4
        AND franchise_id = :1
    GROUP BY
        dayofweek(order_ts)
    ORDER BY
        dayofweek(order_ts),
         sum(price) desc;

-- top_selling_items_by_day_of_week
-- Top Selling Items by Day of Week
    SELECT
        dayofweek(order_ts) as DoW,
        menu_item_name,
        sum(price) AS revenue
    FROM
        app.orders
    WHERE
        date(order_ts) >= :2
        AND date(order_ts) <= :3
        AND truck_brand_name = :4
        AND franchise_id = :1
    GROUP BY
        dayofweek(order_ts),
        menu_item_name
    ORDER BY
        dayofweek(order_ts),
         sum(price) desc;

-- best_cities_by_day_ofweek
--  Top Cities by DoW
    SELECT
        dayofweek(order_ts) as DoW,
        primary_city,
        sum(price) AS revenue
    FROM
        app.orders
    WHERE
        date(order_ts) >= :2
        AND date(order_ts) <= :3
        AND truck_brand_name = :4
        AND franchise_id = :1
    GROUP BY
        dayofweek(order_ts),
        primary_city
    ORDER BY
        dayofweek(order_ts),
        sum(price) desc;

-- verify_user
SELECT USER_ID, USER_NAME, HASHED_PASSWORD, FRANCHISE_ID FROM app.USERS WHERE USER_NAME = :1;
