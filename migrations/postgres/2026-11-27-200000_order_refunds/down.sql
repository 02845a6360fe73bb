DROP TABLE order_refunds;
